import {
  ArrowDownOutlined,
  ArrowLeftOutlined,
  ArrowRightOutlined,
  ArrowUpOutlined,
  BorderOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { PRESET_ACTIONS, type PresetAction, PTZ_PRESET, PTZ_SPEED, type PtzAction } from '@sc/contract/families/camera';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, InputNumber, Slider, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../api/report';
import { useFeedback } from '../../app/feedback';
import { cameraApi } from './api';

const MOVES: { action: PtzAction; icon: ReactNode; row: number; col: number }[] = [
  { action: 'up', icon: <ArrowUpOutlined />, row: 1, col: 2 },
  { action: 'left', icon: <ArrowLeftOutlined />, row: 2, col: 1 },
  { action: 'right', icon: <ArrowRightOutlined />, row: 2, col: 3 },
  { action: 'down', icon: <ArrowDownOutlined />, row: 3, col: 2 },
];

/**
 * The PTZ pad (spec 001 §7 "PTZ"): an arrow or zoom button moves the camera while it is held down and
 * stops it when let go (a click is a short move); the speed 1-8; presets go to, save or clear a position.
 * A camera without PTZ says so instead.
 */
export function PtzPad({ projectId, id, supported }: { projectId: number; id: number; supported: boolean }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const api = cameraApi(projectId);
  const [speed, setSpeed] = useState<number>(PTZ_SPEED.default);
  const [preset, setPreset] = useState<number | null>(1);
  const [moving, setMoving] = useState<PtzAction | null>(null);
  const move = useMutation({
    mutationFn: (action: PtzAction) => api.ptz({ id, body: { action, speed } }, { silent: true }),
    onError: (error) => message.error(failureText(error)),
  });
  const presetCall = useMutation({
    mutationFn: (action: PresetAction) => api.preset({ id, body: { action, index: preset ?? 0 } }, { silent: true }),
    onSuccess: () => message.success(t('camera.ptz.done')),
    onError: (error) => message.error(failureText(error)),
  });
  const start = (action: PtzAction) => {
    setMoving(action);
    move.mutate(action);
  };
  const stop = () => {
    if (!moving) return;
    setMoving(null);
    move.mutate('stop');
  };
  const hold = (action: PtzAction, icon: ReactNode, style?: React.CSSProperties) => (
    <Button
      key={action}
      icon={icon}
      aria-label={t(`camera.ptz.${action}`)}
      title={t(`camera.ptz.${action}`)}
      type={moving === action ? 'primary' : 'default'}
      onPointerDown={() => start(action)}
      onPointerUp={stop}
      onPointerLeave={stop}
      onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && !moving && start(action)}
      onKeyUp={stop}
      data-testid={`ptz-${action}`}
      style={style}
    />
  );

  return (
    <Card size="small" title={t('camera.ptz.title')} data-testid="camera-ptz" style={{ height: '100%' }}>
      {!supported ? (
        <Alert type="info" showIcon title={t('camera.ptz.unsupported')} data-testid="ptz-unsupported" />
      ) : (
        <Flex gap={24} wrap align="center">
          <div
            style={{
              display: 'grid',
              gridTemplateColumns: 'repeat(3, 36px)',
              gridTemplateRows: 'repeat(3, 36px)',
              gap: 4,
            }}
          >
            {MOVES.map((m) => hold(m.action, m.icon, { gridRow: m.row, gridColumn: m.col }))}
            <Button
              icon={<BorderOutlined />}
              aria-label={t('camera.ptz.stop')}
              title={t('camera.ptz.stop')}
              onClick={() => move.mutate('stop')}
              data-testid="ptz-stop"
              style={{ gridRow: 2, gridColumn: 2 }}
            />
          </div>
          <Flex vertical gap={8}>
            <Space>
              {hold('zoomIn', <ZoomInOutlined />)}
              {hold('zoomOut', <ZoomOutOutlined />)}
            </Space>
            <Space>
              <Typography.Text>{t('camera.ptz.speed')}</Typography.Text>
              <Slider
                min={PTZ_SPEED.min}
                max={PTZ_SPEED.max}
                value={speed}
                onChange={setSpeed}
                style={{ width: 120 }}
                aria-label={t('camera.ptz.speed')}
              />
            </Space>
            <Space wrap>
              <Typography.Text>{t('camera.ptz.preset')}</Typography.Text>
              <InputNumber
                min={PTZ_PRESET.min}
                max={PTZ_PRESET.max}
                value={preset}
                onChange={setPreset}
                style={{ width: 72 }}
                aria-label={t('camera.ptz.preset')}
                data-testid="ptz-preset-index"
              />
              {PRESET_ACTIONS.map((a) => (
                <Button
                  key={a}
                  size="small"
                  disabled={!preset}
                  loading={presetCall.isPending && presetCall.variables === a}
                  onClick={() => presetCall.mutate(a)}
                  data-testid={`ptz-preset-${a}`}
                >
                  {t(`camera.ptz.${a}`)}
                </Button>
              ))}
            </Space>
          </Flex>
        </Flex>
      )}
    </Card>
  );
}
