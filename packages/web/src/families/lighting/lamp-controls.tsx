import {
  BulbFilled,
  BulbOutlined,
  ClearOutlined,
  ClockCircleOutlined,
  FieldTimeOutlined,
  PoweroffOutlined,
  ReloadOutlined,
  SettingOutlined,
  SyncOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { POLICY_MODES, RUN_MODES } from '@sc/contract';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, Form, InputNumber, Popover, Select, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../api/report';
import { useAskFirst } from '../../components/ask-first';
import type { CommandAnswer } from '../../components/device';
import { useLabels } from '../../components/labels';

type Send = (command: string, args?: Record<string, unknown>) => Promise<CommandAnswer>;
type Outcome = { ok: true; command: string; answer: CommandAnswer } | { ok: false; command: string; text: string };

/** A command that takes one number (dim and eco levels, reset hours) from a small popover. */
function NumberCommand({
  command,
  icon,
  field,
  min,
  max,
  initial,
  suffix,
  run,
  pending,
  danger,
}: {
  command: string;
  icon: ReactNode;
  field: string;
  min: number;
  max: number;
  initial: number;
  suffix: string;
  run: (args: Record<string, unknown>) => void;
  pending: boolean;
  danger?: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState<number | null>(initial);
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      title={t(`lamps.controls.${command}Title`)}
      content={
        <Space>
          <InputNumber
            min={min}
            max={max}
            value={value}
            onChange={setValue}
            suffix={suffix}
            aria-label={t(`lamps.controls.${field}`)}
            data-testid={`command-${command}-value`}
          />
          <Button
            type="primary"
            danger={danger}
            disabled={value === null}
            data-testid={`command-${command}-send`}
            onClick={() => {
              setOpen(false);
              run({ [field]: value });
            }}
          >
            {t('lamps.controls.send')}
          </Button>
        </Space>
      }
    >
      <Button icon={icon} danger={danger} loading={pending} data-testid={`command-${command}`}>
        {t(`lighting.commands.${command}`)}
      </Button>
    </Popover>
  );
}

/**
 * One lamp's controls (spec 001 §4 and §7): on, off, dim 0-100, eco, reset for 1-12 hours (warning that
 * the lamp is unusable meanwhile), restart, correct time, clear sums, run mode; the last outcome below.
 */
/**
 * What a lamp's answer says beyond its report: the report itself (`values`, `raw`) goes to the
 * real-time card, which reads it again, so the outcome lists the rest (device time, level, hours…).
 */
function answerFacts(result: unknown): Record<string, unknown> | null {
  if (result === null || result === undefined) return null;
  if (typeof result !== 'object' || Array.isArray(result)) return { ok: result };
  const { values: _values, raw: _raw, level, ...rest } = result as Record<string, unknown>;
  // A lamp's level is its brightness (a bare "level" reads as an event's level).
  const facts = level === undefined ? rest : { brightness: level, ...rest };
  return Object.keys(facts).length ? facts : null;
}

export function LampControls({
  name,
  send,
  onDone,
}: {
  name: string;
  send: Send;
  /** After a command the lamp answered: the page reads its state again. */
  onDone?: (command: string, answer: CommandAnswer) => void;
}) {
  const { t } = useTranslation();
  const labels = useLabels();
  const askFirst = useAskFirst();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [runMode, setRunMode] = useState<string>('chronology');
  const [policyMode, setPolicyMode] = useState<string>('astronomical');
  const command = useMutation({
    mutationFn: ({ c, args }: { c: string; args?: Record<string, unknown> }) => send(c, args),
    onMutate: () => setOutcome(null),
    onSuccess: (answer, { c }) => {
      setOutcome({ ok: true, command: c, answer });
      onDone?.(c, answer);
    },
    onError: (error, { c }) =>
      setOutcome({
        ok: false,
        command: c,
        text: failureText(error),
      }),
  });
  const run = (c: string, args?: Record<string, unknown>) => command.mutate({ c, args });
  const ask = (c: string, content: string, args?: Record<string, unknown>) =>
    askFirst({
      title: t(`lighting.commands.${c}`),
      content,
      danger: true,
      onOk: () => run(c, args),
    });
  const pending = (c: string) => command.isPending && command.variables?.c === c;
  const plain = (c: string, icon: ReactNode, dangerous = false, primary = false) => (
    <Button
      key={c}
      icon={icon}
      type={primary ? 'primary' : 'default'}
      danger={dangerous}
      loading={pending(c)}
      data-testid={`command-${c}`}
      onClick={() => (dangerous ? ask(c, t(`lamps.confirm.${c}`, { name })) : run(c))}
    >
      {t(`lighting.commands.${c}`)}
    </Button>
  );

  return (
    <Card title={t('lamps.controls.title')} size="small">
      <Flex vertical gap={12}>
        <Space wrap>
          {plain('poweron', <BulbFilled />, false, true)}
          {plain('poweroff', <PoweroffOutlined />, true)}
          <NumberCommand
            command="dim"
            icon={<BulbOutlined />}
            field="level"
            min={0}
            max={100}
            initial={50}
            suffix="%"
            run={(args) => run('dim', args)}
            pending={pending('dim')}
          />
          <NumberCommand
            command="eco"
            icon={<ThunderboltOutlined />}
            field="level"
            min={0}
            max={100}
            initial={50}
            suffix="%"
            run={(args) => run('eco', args)}
            pending={pending('eco')}
          />
          <NumberCommand
            command="reset"
            icon={<SyncOutlined />}
            field="hours"
            min={1}
            max={12}
            initial={1}
            suffix={t('lamps.controls.hoursUnit')}
            danger
            run={(args) => ask('reset', t('lamps.confirm.reset', { name, count: args.hours }), args)}
            pending={pending('reset')}
          />
          {plain('restart', <ReloadOutlined />, true)}
          {plain('correcttime', <ClockCircleOutlined />)}
          {plain('time', <FieldTimeOutlined />)}
          {plain('clearsum', <ClearOutlined />, true)}
        </Space>
        <Form layout="inline">
          <Form.Item label={t('lamps.controls.runMode')}>
            <Select
              style={{ width: 150 }}
              value={runMode}
              onChange={setRunMode}
              options={RUN_MODES.map((m) => ({ value: m, label: t(`lighting.runModes.${m}`) }))}
              aria-label={t('lamps.controls.runMode')}
            />
          </Form.Item>
          <Form.Item label={t('lamps.controls.policyMode')}>
            <Select
              style={{ width: 150 }}
              value={policyMode}
              onChange={setPolicyMode}
              options={POLICY_MODES.map((m) => ({ value: m, label: t(`lighting.policyModes.${m}`) }))}
              aria-label={t('lamps.controls.policyMode')}
            />
          </Form.Item>
          <Form.Item>
            <Button
              icon={<SettingOutlined />}
              danger
              loading={pending('runmode')}
              data-testid="command-runmode"
              onClick={() =>
                ask(
                  'runmode',
                  t('lamps.confirm.runmode', {
                    name,
                    runMode: t(`lighting.runModes.${runMode}`),
                    policyMode: t(`lighting.policyModes.${policyMode}`),
                  }),
                  { runMode, policyMode },
                )
              }
            >
              {t('lighting.commands.runmode')}
            </Button>
          </Form.Item>
        </Form>
        {outcome && (
          <Alert
            data-testid="command-outcome"
            showIcon
            closable
            onClose={() => setOutcome(null)}
            type={outcome.ok ? 'success' : 'error'}
            title={
              outcome.ok
                ? t('gateways.commandOk', {
                    command: t(`lighting.commands.${outcome.command}`),
                    ms: outcome.answer.durationMs,
                    count: outcome.answer.attempts,
                  })
                : `${t('gateways.commandFailed', { command: t(`lighting.commands.${outcome.command}`) })}: ${outcome.text}`
            }
            description={(() => {
              const facts = outcome.ok ? answerFacts(outcome.answer.result) : null;
              return facts ? (
                <Descriptions
                  data-testid="command-result"
                  size="small"
                  column={1}
                  items={labels.pairs(facts).map(([label, text], i) => ({
                    key: i,
                    label: label || t('gateways.result'),
                    children: text,
                  }))}
                />
              ) : undefined;
            })()}
          />
        )}
      </Flex>
    </Card>
  );
}
