import { Card, Checkbox, Field, Select, Stack } from '@portal/ui';
import { RELATIONSHIP_OPTIONS } from '@portal/contracts';
import { fieldId, fieldLabel, setGuardianSigning } from '../guest-form.ts';
import { useT } from '../i18n.ts';
import { GuestTextField } from './GuestTextField.tsx';
import { PANEL_IDS } from './use-guest-form.ts';
import type { GuestFormState } from './use-guest-form.ts';

/** 'I am a caregiver enrolling on behalf of the patient' and, when checked, the caregiver's details. */
export function CaregiverSection({ form }: { form: GuestFormState }) {
  const t = useT();
  const { values, readOnly } = form;
  return (
    <Card>
      <Stack gap={4}>
        <Checkbox
          id={fieldId('isGuardianSigning')}
          label={t('caregiver.checkbox')}
          hint={t('caregiver.notice')}
          checked={values.isGuardianSigning}
          onChange={(event) => {
            const signing = event.target.checked;
            form.setValues((current) => setGuardianSigning(current, signing, form.verified));
            form.setServerErrors({});
          }}
        />
        {values.isGuardianSigning ? (
          <section id={PANEL_IDS.caregiver} aria-labelledby="enrollment-caregiver-title">
            <h2 id="enrollment-caregiver-title" className="ui-section__title">
              {t('caregiver.title')}
            </h2>
            <div className="enrollment-form-grid">
              <GuestTextField form={form} field="guardianFirstName" required autoComplete="given-name" />
              <GuestTextField form={form} field="guardianLastName" required autoComplete="family-name" />
              <GuestTextField
                form={form}
                field="guardianEmail"
                required
                type="email"
                autoComplete="email"
                readOnly={readOnly.guardianEmail}
                hint={readOnly.guardianEmail ? t('common.verified') : undefined}
              />
              <GuestTextField
                form={form}
                field="guardianPhone"
                required
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
                readOnly={readOnly.guardianPhone}
                hint={readOnly.guardianPhone ? t('common.verified') : undefined}
              />
              <GuestTextField form={form} field="guardianDateOfBirth" required type="date" autoComplete="bday" />
              <Field id={fieldId('guardianRelationshipToPatient')} label={fieldLabel('guardianRelationshipToPatient', t)} required error={form.fieldError('guardianRelationshipToPatient')}>
                <Select
                  placeholder={t('common.selectRelationship')}
                  value={values.guardianRelationshipToPatient}
                  onChange={(event) => form.choose('guardianRelationshipToPatient', event.target.value)}
                >
                  {RELATIONSHIP_OPTIONS.map((option) => (
                    <option key={option.id} value={option.id}>
                      {t('caregiver.relationship', { id: option.id })}
                    </option>
                  ))}
                </Select>
              </Field>
              <GuestTextField
                form={form}
                field="guardianAddress1"
                required
                autoComplete="address-line1"
                wide
                hint={t('common.addressHint')}
              />
              <GuestTextField form={form} field="guardianAddress2" autoComplete="address-line2" wide />
              <GuestTextField form={form} field="guardianCity" required autoComplete="address-level2" />
              <GuestTextField form={form} field="guardianState" required autoComplete="address-level1" maxLength={2} placeholder="RI" />
              <GuestTextField form={form} field="guardianZipCode" required autoComplete="postal-code" inputMode="numeric" maxLength={10} />
            </div>
          </section>
        ) : null}
      </Stack>
    </Card>
  );
}
