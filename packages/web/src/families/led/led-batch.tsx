import { BulbOutlined, PoweroffOutlined } from '@ant-design/icons';
import { LED_BRIGHTNESS, type LedControlBody } from '@sc/contract/families/led';
import { Button, Flex, InputNumber, Popover, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAskFirst } from '../../components/ask-first';
import { canModify, type PagedList, useAuthLevel } from '../../components/crud';
import { BatchProgress, useFollowedBatch } from '../../components/device';
import { type LedFilters, type LedScreen, ledApi } from './api';

type Action = 'powerOn' | 'powerOff' | 'brightness';

/**
 * Spec 001 "batch power and brightness": the selected screens switched on, off (after asking, naming how
 * many) or set to a brightness (1-255, the contract's range), then the batch's progress over the realtime
 * channel, screen by screen.
 */
export function LedBatch({ projectId, list }: { projectId: number; list: PagedList<LedScreen, LedFilters> }) {
  const { t } = useTranslation();
  const askFirst = useAskFirst();
  const led = ledApi(projectId);
  const batch = useFollowedBatch(projectId, 'led', (batchId) => led.batchStatus({ batchId }));
  const [action, setAction] = useState<Action>('powerOn');
  const [level, setLevel] = useState<number | null>(128);
  const [open, setOpen] = useState(false);
  const ids = list.selected;
  const count = ids.length;
  const send = (what: Action, args: LedControlBody) => {
    setAction(what);
    const names = new Map(list.rows.map((s) => [s.id, s.name]));
    void batch.run(
      () => led.batch({ body: { ids, command: 'control', args } }),
      ids.map((deviceId) => ({ deviceId, name: names.get(deviceId), outcome: 'pending' as const })),
    );
  };
  const editable = canModify(useAuthLevel());
  if (!editable) return null;
  const inRange = level !== null && level >= LED_BRIGHTNESS.min && level <= LED_BRIGHTNESS.max;
  return (
    <Flex vertical gap={12}>
      <Flex gap={12} align="center" wrap data-testid="led-batch-bar">
        <Typography.Text type="secondary">{t('led.batch.selected', { count })}</Typography.Text>
        <Space wrap>
          <Button
            icon={<BulbOutlined />}
            disabled={count === 0}
            loading={batch.sending}
            data-testid="led-batch-on"
            onClick={() =>
              askFirst({
                title: t('led.powerOn'),
                content: t('led.batch.confirmOn', { count }),
                onOk: () => send('powerOn', { power: true }),
              })
            }
          >
            {t('led.powerOn')}
          </Button>
          <Button
            danger
            icon={<PoweroffOutlined />}
            disabled={count === 0}
            loading={batch.sending}
            data-testid="led-batch-off"
            onClick={() =>
              askFirst({
                danger: true,
                title: t('led.powerOff'),
                content: t('led.batch.confirmOff', { count }),
                onOk: () => send('powerOff', { power: false }),
              })
            }
          >
            {t('led.powerOff')}
          </Button>
          <Popover
            trigger="click"
            title={t('led.batch.brightnessTitle', { count })}
            open={open}
            onOpenChange={setOpen}
            content={
              <Flex vertical gap={4}>
                <Space>
                  <InputNumber
                    min={LED_BRIGHTNESS.min}
                    max={LED_BRIGHTNESS.max}
                    precision={0}
                    value={level}
                    onChange={setLevel}
                    aria-label={t('led.fields.brightness')}
                    data-testid="led-batch-level"
                  />
                  <Button
                    type="primary"
                    disabled={!inRange}
                    data-testid="led-batch-level-send"
                    onClick={() => {
                      setOpen(false);
                      if (level !== null) send('brightness', { brightness: level });
                    }}
                  >
                    {t('led.send')}
                  </Button>
                </Space>
                <Typography.Text type="secondary">
                  {t('validation.range', { min: LED_BRIGHTNESS.min, max: LED_BRIGHTNESS.max })}
                </Typography.Text>
              </Flex>
            }
          >
            <Button icon={<BulbOutlined />} disabled={count === 0} data-testid="led-batch-brightness">
              {t('led.fields.brightness')}
            </Button>
          </Popover>
        </Space>
      </Flex>
      {batch.progress && (
        <BatchProgress
          progress={batch.progress}
          results={batch.results}
          commandLabel={t(`led.batch.actions.${action}`)}
        />
      )}
    </Flex>
  );
}
