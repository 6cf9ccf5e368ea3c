import { ApartmentOutlined, HddOutlined, UserOutlined } from '@ant-design/icons';
import type { HomeSummary } from '@sc/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Descriptions, Row, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { formatTime } from '../../../components/time';
import { useSessionUser } from '../../../session/store';

const SUMMARY_KEY = ['summary', 'home'];

function Figure({ title, value, icon, loading }: { title: string; value?: number; icon: ReactNode; loading: boolean }) {
  return (
    <Card variant="borderless" className="home-figure">
      <Statistic title={title} value={value ?? 0} prefix={icon} loading={loading} />
    </Card>
  );
}

/** /man/manmain: who is signed in and how much the caller's projects hold. */
export default function HomePage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const summary = useQuery({ queryKey: SUMMARY_KEY, queryFn: () => api.get<HomeSummary>('/api/summary/home.do') });
  if (!user) return null;

  const lastLogin = user.lastLoginTime ? formatTime(user.lastLoginTime) : t('home.firstLogin');
  return (
    <div data-testid="home-page">
      <Card variant="borderless" style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {t('home.welcome', { name: user.realName || user.userName })}
        </Typography.Title>
        <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small">
          <Descriptions.Item label={t('home.realName')}>{user.realName}</Descriptions.Item>
          <Descriptions.Item label={t('home.account')}>{user.userName}</Descriptions.Item>
          <Descriptions.Item label={t('home.role')}>{user.roleName}</Descriptions.Item>
          <Descriptions.Item label={t('home.project')}>{user.projectName}</Descriptions.Item>
          <Descriptions.Item label={t('home.lastLogin')}>{lastLogin}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <Figure
            title={t('home.projects')}
            value={summary.data?.projects}
            icon={<ApartmentOutlined />}
            loading={summary.isLoading}
          />
        </Col>
        <Col xs={24} md={8}>
          <Figure
            title={t('home.users')}
            value={summary.data?.users}
            icon={<UserOutlined />}
            loading={summary.isLoading}
          />
        </Col>
        <Col xs={24} md={8}>
          <Figure
            title={t('home.devices')}
            value={summary.data?.devices}
            icon={<HddOutlined />}
            loading={summary.isLoading}
          />
        </Col>
      </Row>
    </div>
  );
}
