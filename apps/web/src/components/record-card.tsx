import { Card } from 'antd';
import { type ReactNode, useId } from 'react';
import './record-card.css';

type RecordCardProps = { title: string; extra?: ReactNode; children: ReactNode };

/**
 * A card of an edit page below its form (a record's locations, its personal data): a region named by
 * its level-2 heading, as wide as the form.
 */
export function RecordCard({ title, extra, children }: RecordCardProps) {
  const headingId = useId();
  return (
    <section className="record-card" aria-labelledby={headingId}>
      <Card
        title={
          <h2 id={headingId} className="record-card-title">
            {title}
          </h2>
        }
        extra={extra}
      >
        {children}
      </Card>
    </section>
  );
}
