import {
  CustomerServiceOutlined,
  FieldTimeOutlined,
  GroupOutlined,
  RightOutlined,
  SoundOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Flex, Row, Statistic, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { projectScreen } from '../../components/project-scoped';
import { nscTaskApi } from './api';
import { useLiveSpeakers } from './live-speakers';
import { TASK_PAGE } from './tasks-page';

/** The screens the audio entry leads to. */
const SHORTCUTS: { key: string; icon: ReactNode }[] = [
  { key: 'pjtdevicensclist', icon: <SoundOutlined /> },
  { key: 'pjtdevicenscgroup', icon: <GroupOutlined /> },
  { key: 'pjtnscmediagroup', icon: <CustomerServiceOutlined /> },
  { key: 'pjtnsctasklist', icon: <FieldTimeOutlined /> },
];

/** /pjt/pjtdevicevoice (spec 001 §2 "network audio entry"): speakers online, what plays now where, today's tasks, and the way to the rest. */
export default projectScreen(VoiceEntry);

function VoiceEntry({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const tasks = nscTaskApi(projectId);
  const speakers = useLiveSpeakers(projectId);
  const week = useQuery({ queryKey: tasks.taskWeek.key({}), queryFn: () => tasks.taskWeek({}) });
  const list = speakers.data?.list ?? [];
  const online = list.filter((s) => s.activeState === 1).length;
  const playing = list.filter((s) => s.activeState === 1 && s.status === 'playing');
  const today = week.data?.days.find((d) => d.date === week.data?.today);

  return (
    <Flex vertical gap={16}>
      <Row gutter={16}>
        <Col span={6}>
          <Card>
            <Statistic
              title={t('nsc.voice.online')}
              value={online}
              suffix={`/ ${speakers.data?.total ?? list.length}`}
              data-testid="nsc-voice-online"
            />
          </Card>
        </Col>
        <Col span={6}>
          <Card>
            <Statistic title={t('nsc.voice.playing')} value={playing.length} data-testid="nsc-voice-playing" />
          </Card>
        </Col>
        <Col span={6}>
          <Card>
            <Statistic
              title={t('nsc.voice.todayTasks')}
              value={today?.entries.length ?? 0}
              data-testid="nsc-voice-today"
            />
          </Card>
        </Col>
        <Col span={6}>
          <Card>
            <Statistic title={t('nsc.voice.running')} value={today?.entries.filter((e) => e.running).length ?? 0} />
          </Card>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col span={14}>
          <Card title={t('nsc.voice.nowPlaying')} loading={speakers.isLoading}>
            {playing.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('nsc.voice.silence')} />
            ) : (
              <Flex vertical>
                {playing.map((s) => (
                  <Flex
                    key={s.id}
                    data-testid="nsc-voice-now"
                    align="center"
                    gap={12}
                    style={{ padding: '8px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}
                  >
                    <SoundOutlined style={{ color: '#52c41a', fontSize: 18 }} />
                    <div style={{ flex: 1, minWidth: 0 }}>
                      <Typography.Text strong>{s.name}</Typography.Text>
                      <div>
                        <Typography.Text type="secondary">{s.playing}</Typography.Text>
                      </div>
                    </div>
                    <Tag>{t('nsc.voice.volume', { volume: s.volume ?? 0 })}</Tag>
                  </Flex>
                ))}
              </Flex>
            )}
          </Card>
        </Col>
        <Col span={10}>
          <Card
            title={t('nsc.voice.today')}
            loading={week.isLoading}
            extra={<Link to="/pjt/pjtnsctasklist">{t('nsc.voice.allTasks')}</Link>}
          >
            {!today?.entries.length ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('nsc.tasks.nothing')} />
            ) : (
              <Flex vertical>
                {today.entries.map((e) => (
                  <Flex
                    key={e.taskId}
                    justify="space-between"
                    gap={8}
                    style={{ padding: '8px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}
                  >
                    <Link to={`${TASK_PAGE}?id=${e.taskId}`}>
                      <Typography.Text style={{ whiteSpace: 'nowrap' }}>
                        {e.startTime}-{e.endTime} {e.name}
                      </Typography.Text>
                    </Link>
                    <span style={{ whiteSpace: 'nowrap' }}>
                      <Typography.Text type="secondary">
                        {t('nsc.tasks.speakersOf', { count: e.speakers.length })}
                      </Typography.Text>{' '}
                      <Tag color={e.running ? 'green' : 'default'}>
                        {e.running ? t('nsc.tasks.runStates.running') : t('nsc.tasks.runStates.stopped')}
                      </Tag>
                    </span>
                  </Flex>
                ))}
              </Flex>
            )}
          </Card>
        </Col>
      </Row>
      <Row gutter={16}>
        {SHORTCUTS.map((s) => (
          <Col span={6} key={s.key}>
            <Link to={`/pjt/${s.key}`} data-testid={`nsc-voice-go-${s.key}`}>
              <Card hoverable size="small">
                <Flex justify="space-between" align="center">
                  <span>
                    {s.icon} {t(`menu.${s.key}`)}
                  </span>
                  <RightOutlined />
                </Flex>
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
    </Flex>
  );
}
