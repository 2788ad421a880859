import { Col, Form, type FormItemProps, Row } from 'antd';
import type { ReactNode } from 'react';

/**
 * A group of a form's fields: under a heading (`legend`, a `<fieldset className="form-section">`) or,
 * without one, a plain row. Its `Field`s sit two by two from 768 px on, one under the other below.
 */
export function FormSection({ legend, children }: { legend?: ReactNode; children: ReactNode }) {
  const row = <Row gutter={16}>{children}</Row>;
  if (!legend) return row;
  return (
    <fieldset className="form-section">
      <legend>{legend}</legend>
      {row}
    </fieldset>
  );
}

/** One field of a `FormSection`: antd's `Form.Item` in half the row, or all of it when `isWide`. */
export function Field({ isWide = false, ...item }: FormItemProps & { isWide?: boolean }) {
  return (
    <Col xs={24} md={isWide ? 24 : 12}>
      <Form.Item {...item} />
    </Col>
  );
}
