import { Checkbox, Field, Select, Stack } from '@portal/ui';
import { EMERGENCY_CONTACT_RELATIONSHIPS } from '@portal/contracts';
import { copiesGuardianAddress, fieldId, fieldLabel } from '../guest-form.ts';
import { useT } from '../i18n.ts';
import { GuestTextField } from './GuestTextField.tsx';
import { GuestFormSection } from './GuestFormSection.tsx';
import type { GuestFormState } from './use-guest-form.ts';

/**
 * The 'Patient Information' section: name, birth date, contact (verified ones read-only), address
 * (or the caregiver's, copied), the SSN; for a new patient the sex, the provider and the emergency contact.
 */
export function PatientInformationSection({ form }: { form: GuestFormState }) {
  const t = useT();
  const { values, readOnly, newPatient, providers } = form;
  const copying = copiesGuardianAddress(values);
  return (
    <GuestFormSection form={form} section="patient-information" title={t('guest.section.patientInformation')}>
      <Stack gap={4}>
        <div className="enrollment-form-grid">
          <GuestTextField form={form} field="firstName" required autoComplete={values.isGuardianSigning ? 'off' : 'given-name'} />
          <GuestTextField form={form} field="lastName" required autoComplete={values.isGuardianSigning ? 'off' : 'family-name'} />
          <GuestTextField form={form} field="dateOfBirth" required type="date" autoComplete={values.isGuardianSigning ? 'off' : 'bday'} />
          {newPatient ? (
            <Field id={fieldId('sex')} label={fieldLabel('sex', t)} error={form.fieldError('sex')}>
              <Select value={values.sex} onChange={(event) => form.choose('sex', event.target.value)}>
                <option value="">{t('patientInfo.sex.none')}</option>
                <option value="F">{t('patientInfo.sex.female')}</option>
                <option value="M">{t('patientInfo.sex.male')}</option>
              </Select>
            </Field>
          ) : null}
          <GuestTextField
            form={form}
            field="email"
            required
            type="email"
            autoComplete={values.isGuardianSigning ? 'off' : 'email'}
            readOnly={readOnly.email}
            hint={readOnly.email ? t('common.verified') : values.isGuardianSigning ? t('patientInfo.emailHint') : undefined}
          />
          <GuestTextField
            form={form}
            field="phone"
            required
            type="tel"
            inputMode="tel"
            autoComplete={values.isGuardianSigning ? 'off' : 'tel-national'}
            readOnly={readOnly.phone}
            hint={readOnly.phone ? t('common.verified') : values.isGuardianSigning ? t('patientInfo.phoneHint') : undefined}
          />
        </div>

        {values.isGuardianSigning ? (
          <Checkbox
            id={fieldId('copyGuardianAddress')}
            label={t('patientInfo.copyAddress')}
            checked={values.copyGuardianAddress}
            onChange={(event) => {
              const copy = event.target.checked;
              form.setValues((current) => ({ ...current, copyGuardianAddress: copy }));
            }}
          />
        ) : null}

        <div className="enrollment-form-grid">
          <GuestTextField
            form={form}
            field="address1"
            required
            autoComplete="address-line1"
            wide
            readOnly={copying}
            hint={t('common.addressHint')}
          />
          <GuestTextField form={form} field="address2" autoComplete="address-line2" wide readOnly={copying} />
          <GuestTextField form={form} field="city" required autoComplete="address-level2" readOnly={copying} />
          <GuestTextField form={form} field="state" required autoComplete="address-level1" maxLength={2} placeholder="RI" readOnly={copying} />
          <GuestTextField form={form} field="zipCode" required autoComplete="postal-code" inputMode="numeric" maxLength={10} readOnly={copying} />
        </div>

        <div className="enrollment-form-grid">
          {newPatient ? (
            <GuestTextField key="fullSSN" form={form} field="fullSSN" required inputMode="numeric" autoComplete="off" maxLength={11} placeholder="123-45-6789" hint={t('patientInfo.fullSsnHint')} />
          ) : (
            <GuestTextField key="lastFourSSN" form={form} field="lastFourSSN" required inputMode="numeric" autoComplete="off" maxLength={4} hint={t('patientInfo.lastFourHint')} />
          )}
          {newPatient ? (
            <Field id={fieldId('preferredProvider')} label={fieldLabel('preferredProvider', t)} error={form.fieldError('preferredProvider')} hint={providers.isError ? t('patientInfo.providersError') : undefined}>
              <Select
                value={values.preferredProvider}
                onChange={(event) => form.choose('preferredProvider', event.target.value)}
                disabled={providers.isPending}
                aria-busy={providers.isFetching || undefined}
              >
                <option value="">{providers.isPending ? t('patientInfo.providersLoading') : t('patientInfo.noPreference')}</option>
                {(providers.data?.providers ?? []).map((provider) => (
                  <option key={provider.id} value={provider.id}>
                    {provider.displayName || provider.name}
                  </option>
                ))}
              </Select>
            </Field>
          ) : null}
        </div>

        {newPatient ? (
          <fieldset className="enrollment-fieldset">
            <legend className="enrollment-legend">{t('patientInfo.emergencyContact')}</legend>
            <div className="enrollment-form-grid">
              <GuestTextField form={form} field="emergencyContactName" required autoComplete="off" />
              <GuestTextField form={form} field="emergencyContactPhone" required type="tel" inputMode="tel" autoComplete="off" />
              <Field id={fieldId('contactrelationship')} label={fieldLabel('contactrelationship', t)} required error={form.fieldError('contactrelationship')}>
                <Select placeholder={t('common.selectRelationship')} value={values.contactrelationship} onChange={(event) => form.choose('contactrelationship', event.target.value)}>
                  {EMERGENCY_CONTACT_RELATIONSHIPS.map((relationship) => (
                    <option key={relationship} value={relationship}>
                      {t('patientInfo.emergencyRelationship', { value: relationship })}
                    </option>
                  ))}
                </Select>
              </Field>
            </div>
          </fieldset>
        ) : null}
      </Stack>
    </GuestFormSection>
  );
}
