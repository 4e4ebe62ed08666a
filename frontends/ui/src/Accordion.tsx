/**
 * An accordion on Radix Accordion (docs/decisions/0020-ui-primitives-radix.md), WAI-ARIA accordion
 * pattern: each section a heading holding a button with aria-expanded and aria-controls, and a
 * labelled region; Radix moves between the section buttons with the arrow keys, Home and End.
 * Any number of sections may be open (`value` lists them); the form state lives in the page, so
 * what was typed in a closed section is kept.
 */
import { useId } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import * as RadixAccordion from '@radix-ui/react-accordion';
import { cx } from './cx.ts';
import { CheckIcon, ChevronDownIcon } from './Icons.tsx';
import type { Space } from './Layout.tsx';
import { useUiT } from './i18n.ts';

export interface AccordionProps {
  /** The `value` of each open section. */
  value: readonly string[];
  onValueChange: (value: string[]) => void;
  /** AccordionSection elements, stacked with this gap (as Stack). */
  children: ReactNode;
  gap?: Space;
  className?: string;
}

export function Accordion({ value, onValueChange, children, gap = 4, className }: AccordionProps) {
  return (
    <RadixAccordion.Root
      type="multiple"
      value={[...value]}
      onValueChange={onValueChange}
      className={cx('ui-stack', className)}
      style={{ '--ui-gap': `var(--ui-space-${gap})` } as CSSProperties}
    >
      {children}
    </RadixAccordion.Root>
  );
}

export interface AccordionSectionProps {
  /** Names the section in its Accordion's `value`. */
  value: string;
  title: string;
  /** Shows a check mark and 'Complete' (the button's description, so its name stays the title). */
  complete?: boolean;
  /** 'Needs attention' instead, when the section holds errors. */
  invalid?: boolean;
  headingLevel?: 2 | 3;
  /** Id of the section, so other elements (an error summary) can reach it. */
  id?: string;
  children: ReactNode;
  className?: string;
}

/** One section of an Accordion. */
export function AccordionSection({ value, title, complete = false, invalid = false, headingLevel = 2, id, children, className }: AccordionSectionProps) {
  const base = `accordion-${useId()}`;
  const titleId = `${base}-title`;
  const statusId = `${base}-status`;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const t = useUiT();
  const status = invalid ? t('accordion.needsAttention') : complete ? t('accordion.complete') : null;
  return (
    <RadixAccordion.Item value={value} asChild>
      <section
        id={id}
        className={cx('ui-accordion', complete && !invalid && 'ui-accordion--complete', invalid && 'ui-accordion--invalid', className)}
      >
        <RadixAccordion.Header asChild>
          <Heading className="ui-accordion__heading">
            <RadixAccordion.Trigger className="ui-accordion__trigger" aria-labelledby={titleId} aria-describedby={status ? statusId : undefined}>
              <span className="ui-accordion__mark" aria-hidden="true">
                {complete && !invalid ? <CheckIcon size={16} /> : null}
              </span>
              <span id={titleId} className="ui-accordion__title">
                {title}
              </span>
              {status ? (
                <span id={statusId} className="ui-accordion__status">
                  {status}
                </span>
              ) : null}
              <ChevronDownIcon size={20} className="ui-accordion__chevron" />
            </RadixAccordion.Trigger>
          </Heading>
        </RadixAccordion.Header>
        <RadixAccordion.Content className="ui-accordion__panel">{children}</RadixAccordion.Content>
      </section>
    </RadixAccordion.Item>
  );
}
