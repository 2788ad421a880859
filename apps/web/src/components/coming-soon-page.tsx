import { Card, Empty, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from './page-heading.tsx';

type ComingSoonPageProps = {
  title: string;
  description: string;
  icon: ReactNode;
};

/** Placeholder for a section whose screens arrive in a later release. */
export function ComingSoonPage({ title, description, icon }: ComingSoonPageProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading title={title} subtitle={description} />
      <Card className="coming-soon-card">
        <Empty
          image={<span className="coming-soon-icon">{icon}</span>}
          description={
            <>
              <Tag className="coming-soon-tag">{t('comingSoon.badge')}</Tag>
              <p className="coming-soon-text">{t('comingSoon.description')}</p>
            </>
          }
        />
      </Card>
    </>
  );
}
