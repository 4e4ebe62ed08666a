import { useId } from 'react';
import type { ReactNode } from 'react';
import { cx } from './cx.ts';
import { CheckIcon, ChevronDownIcon } from './Icons.tsx';

export interface AccordionSectionProps {
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Shows a check mark and 'Complete' (the button's description, so its name stays the title). */
  complete?: boolean;
  /** 'Needs attention' instead, when the section holds errors. */
  invalid?: boolean;
  headingLevel?: 2 | 3;
  /** Id of the panel, so other elements (an error summary) can open and reach it. */
  id?: string;
  children: ReactNode;
  className?: string;
}

/**
 * One section of an accordion (WAI-ARIA accordion pattern): a heading holding a button with
 * aria-expanded, and a labelled region. Closed panels stay in the page (hidden), so what was
 * typed in them is kept.
 */
export function AccordionSection({
  title,
  open,
  onOpenChange,
  complete = false,
  invalid = false,
  headingLevel = 2,
  id,
  children,
  className,
}: AccordionSectionProps) {
  const generated = useId();
  const panelId = id ?? `accordion-${generated}-panel`;
  const buttonId = `${panelId}-button`;
  const titleId = `${panelId}-title`;
  const statusId = `${panelId}-status`;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const status = invalid ? 'Needs attention' : complete ? 'Complete' : null;
  return (
    <section className={cx('ui-accordion', open && 'ui-accordion--open', complete && !invalid && 'ui-accordion--complete', invalid && 'ui-accordion--invalid', className)}>
      <Heading className="ui-accordion__heading">
        <button
          type="button"
          id={buttonId}
          className="ui-accordion__trigger"
          aria-expanded={open}
          aria-controls={panelId}
          aria-labelledby={titleId}
          aria-describedby={status ? statusId : undefined}
          onClick={() => onOpenChange(!open)}
        >
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
        </button>
      </Heading>
      <div id={panelId} role="region" aria-labelledby={titleId} className="ui-accordion__panel" hidden={!open}>
        {children}
      </div>
    </section>
  );
}
