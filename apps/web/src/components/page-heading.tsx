import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { usePageTitle } from '../lib/use-page-title.ts';

type PageHeadingProps = {
  title: string;
  subtitle?: ReactNode;
  extra?: ReactNode;
};

/** The h1 of an admin page; it also sets the document title ("Usuários | Scentia"). */
export function PageHeading({ title, subtitle, extra }: PageHeadingProps) {
  usePageTitle(title);
  return (
    <header className="page-heading">
      <div>
        <Typography.Title level={1} className="page-heading-title">
          {title}
        </Typography.Title>
        {subtitle && <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph>}
      </div>
      {extra && <div className="page-heading-extra">{extra}</div>}
    </header>
  );
}
