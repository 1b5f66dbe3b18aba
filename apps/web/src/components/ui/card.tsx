import type { ReactNode } from 'react';
import styles from './card.module.css';

type Props = {
  title?: ReactNode;
  /** A link or button beside the title ("See all", "Add account"). */
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  /** The heading level of the title, for the page's outline. */
  level?: 2 | 3;
  /** Accent border, for the one thing on the page that needs the person now. */
  highlight?: boolean;
};

/** A surface grouping one topic of a page (a form, a list, an order). */
export function Card({ title, actions, children, className, level = 2, highlight = false }: Props) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section
      className={[styles.card, highlight ? styles.highlight : '', className].filter(Boolean).join(' ')}
    >
      {(title || actions) && (
        <div className={styles.head}>
          {title && <Heading className={styles.title}>{title}</Heading>}
          {actions && <div className={styles.actions}>{actions}</div>}
        </div>
      )}
      {children}
    </section>
  );
}

export type Fact = { label: ReactNode; value: ReactNode; key?: string };

/** Label and value pairs of an order or a record ("Amount — R$ 50.00"). */
export function Facts({ items }: { items: Fact[] }) {
  return (
    <dl className={styles.facts}>
      {items.map((item, index) => (
        <div key={item.key ?? (typeof item.label === 'string' ? item.label : index)} className={styles.fact}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
