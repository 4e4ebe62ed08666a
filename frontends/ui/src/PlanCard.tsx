import type { ReactNode } from 'react';
import { Badge } from './Badge.tsx';
import { Card } from './Card.tsx';
import { cx } from './cx.ts';
import { CheckIcon } from './Icons.tsx';

export interface PlanCardProps {
  /** 'Enhanced', 'Concierge', 'Decline (Opt Out)'. */
  title: string;
  /** A line under the title ('For select providers only', 'Basic'). */
  subtitle?: ReactNode;
  /** A badge beside the title ('Save $20!'). */
  badge?: ReactNode;
  /** The headline price ('$120'). */
  price: string;
  /** After the price ('per year'). */
  priceUnit?: string;
  /** A second price line ('or $70 per 6 months'). */
  priceAlternative?: ReactNode;
  features?: readonly ReactNode[];
  /** The card's button(s). */
  action?: ReactNode;
  highlighted?: boolean;
  headingLevel?: 2 | 3;
  className?: string;
}

/** A membership plan: name, price, benefits and an action. Used on the login and tier screens. */
export function PlanCard({
  title,
  subtitle,
  badge,
  price,
  priceUnit,
  priceAlternative,
  features = [],
  action,
  highlighted = false,
  headingLevel = 3,
  className,
}: PlanCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Card as="article" highlighted={highlighted} className={cx('ui-plan', className)}>
      <div className="ui-plan__header">
        <Heading className="ui-plan__title">{title}</Heading>
        {badge ? <Badge variant="accent">{badge}</Badge> : null}
      </div>
      {subtitle ? <p className="ui-plan__subtitle">{subtitle}</p> : null}
      <div className="ui-plan__pricing">
        <p className="ui-plan__price">
          <span className="ui-plan__amount">{price}</span>
          {priceUnit ? <span className="ui-plan__unit"> {priceUnit}</span> : null}
        </p>
        {priceAlternative ? <p className="ui-plan__alternative">{priceAlternative}</p> : null}
      </div>
      {features.length > 0 ? (
        <ul className="ui-plan__features">
          {features.map((feature, index) => (
            <li key={index} className="ui-plan__feature">
              <CheckIcon size={18} className="ui-plan__check" />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {action ? <div className="ui-plan__action">{action}</div> : null}
    </Card>
  );
}
