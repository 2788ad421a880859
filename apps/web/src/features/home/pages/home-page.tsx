import {
  ArrowRightOutlined,
  BarChartOutlined,
  ExperimentOutlined,
  QuestionCircleOutlined,
  RocketOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Card, Col, Row, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useSession } from '../../../lib/use-session.ts';
import './home-page.css';

type Shortcut = { key: 'users' | 'fragrances' | 'campaigns' | 'quiz'; icon: ReactNode };

const SHORTCUTS: Shortcut[] = [
  { key: 'users', icon: <TeamOutlined /> },
  { key: 'fragrances', icon: <ExperimentOutlined /> },
  { key: 'campaigns', icon: <RocketOutlined /> },
  { key: 'quiz', icon: <QuestionCircleOutlined /> },
];

/** /admin/home: a welcome for now; the shot-statistics dashboard (spec §2) replaces the middle card. */
export default function HomePage() {
  const { t } = useTranslation(['home', 'shell']);
  usePageTitle(t('title'));
  const { user } = useSession();
  const firstName = user?.nome.trim().split(/\s+/)[0] ?? '';

  return (
    <div className="home-page">
      <section className="home-welcome" aria-labelledby="home-greeting">
        <div>
          <Typography.Title level={1} id="home-greeting" className="home-welcome-title">
            {t('greeting', { name: firstName })}
          </Typography.Title>
          <p className="home-welcome-text">{t('welcome')}</p>
          {user && <Tag className="home-profile-tag">{t('profile', { profile: user.profile.nome })}</Tag>}
        </div>
        <svg className="home-welcome-art" viewBox="0 0 160 120" aria-hidden="true" focusable="false">
          <g fill="none" stroke="#fff" strokeLinecap="round">
            <path d="M70 50c-12-12 8-18-3-32" strokeWidth="4" strokeOpacity="0.9" />
            <path d="M86 52c-10-14 12-18 2-34" strokeWidth="3" strokeOpacity="0.6" />
          </g>
          <rect x="56" y="54" width="48" height="58" rx="16" fill="#fff" fillOpacity="0.9" />
          <circle cx="80" cy="86" r="10" fill="none" stroke="#F26B1D" strokeWidth="3" />
          <circle cx="36" cy="28" r="5" fill="#fff" fillOpacity="0.5" />
          <circle cx="128" cy="40" r="7" fill="#fff" fillOpacity="0.35" />
        </svg>
      </section>

      <Card className="home-dashboard-soon">
        <span className="home-dashboard-icon" aria-hidden="true">
          <BarChartOutlined />
        </span>
        <Typography.Paragraph className="home-dashboard-text">{t('dashboardSoon')}</Typography.Paragraph>
      </Card>

      <Typography.Title level={2} className="home-section-title">
        {t('shortcuts')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        {SHORTCUTS.map(({ key, icon }) => (
          <Col key={key} xs={24} sm={12} xl={6}>
            <Link to={`/admin/${key}`} className="home-shortcut">
              <span className="home-shortcut-icon" aria-hidden="true">
                {icon}
              </span>
              <span className="home-shortcut-body">
                <strong>{t(`shell:menu.${key}`)}</strong>
                <span>{t(`shortcut.${key}`)}</span>
              </span>
              <ArrowRightOutlined aria-hidden="true" className="home-shortcut-arrow" />
            </Link>
          </Col>
        ))}
      </Row>
    </div>
  );
}
