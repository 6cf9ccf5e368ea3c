import {
  ClockCircleOutlined,
  InfoCircleOutlined,
  ReloadOutlined,
  RollbackOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import { MTC_MODES } from '@sc/contract/families/mtc';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Segmented, Space, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAskFirst } from '../../components/ask-first';
import { type CommandAnswer, useErrorText } from '../../components/device';
import './texts';

/** Commands whose outcome the circuit card shows. */
export const CIRCUIT_COMMANDS = ['switch', 'multiswitch', 'writecircuits'];

export type Send = (command: string, args?: Record<string, unknown>) => Promise<CommandAnswer>;
export type Outcome =
  | { ok: true; command: string; answer: CommandAnswer }
  | { ok: false; command: string; text: string };

/** A command's run and its last outcome (the server's reason in words when it fails: offline, silent). */
export function useCommand(send: Send, onDone?: (command: string) => void) {
  const errorText = useErrorText();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const command = useMutation({
    mutationFn: ({ c, args }: { c: string; args?: Record<string, unknown> }) => send(c, args),
    onMutate: () => setOutcome(null),
    onSuccess: (answer, { c }) => {
      setOutcome({ ok: true, command: c, answer });
      onDone?.(c);
    },
    onError: (error, { c }) => setOutcome({ ok: false, command: c, text: errorText(error) }),
  });
  return {
    outcome,
    clear: () => setOutcome(null),
    run: (c: string, args?: Record<string, unknown>) => command.mutateAsync({ c, args }).catch(() => undefined),
    pending: (c: string) => command.isPending && command.variables?.c === c,
    busy: command.isPending,
  };
}

/** The version a `version` command answered (a text, or an object carrying `version`). */
const versionOf = (result: unknown): string | null => {
  if (typeof result === 'string') return result;
  if (result && typeof result === 'object' && 'version' in result) {
    const v = (result as { version: unknown }).version;
    return typeof v === 'string' ? v : null;
  }
  return null;
};

/** The last command's outcome: done (with the time it took) or failed (with why). */
export function CommandOutcome({ outcome, onClose }: { outcome: Outcome | null; onClose: () => void }) {
  const { t } = useTranslation();
  if (!outcome) return null;
  const name = t(`cabinets.commands.${outcome.command}`);
  const version = outcome.ok && outcome.command === 'version' ? versionOf(outcome.answer.result) : null;
  return (
    <Alert
      data-testid="command-outcome"
      showIcon
      closable
      onClose={onClose}
      type={outcome.ok ? 'success' : 'error'}
      title={
        outcome.ok
          ? t('gateways.commandOk', { command: name, ms: outcome.answer.durationMs, count: outcome.answer.attempts })
          : `${t('gateways.commandFailed', { command: name })}: ${outcome.text}`
      }
      description={version ? t('cabinets.controls.versionIs', { version }) : undefined}
    />
  );
}

/**
 * The cabinet's own controls (spec 001 §7): mode (manual or policy), read the runtime now, reboot,
 * recovery (factory settings), correct time, read version. Dangerous ones ask first, saying what happens.
 */
export function CabinetControls({
  name,
  mode,
  command,
}: {
  name: string;
  mode: string | null;
  command: ReturnType<typeof useCommand>;
}) {
  const { t } = useTranslation();
  const askFirst = useAskFirst();
  const ask = (c: string, content: string, args?: Record<string, unknown>) =>
    askFirst({
      title: t(`cabinets.commands.${c}`),
      content,
      danger: true,
      onOk: () => void command.run(c, args),
    });
  const button = (c: string, icon: ReactNode, danger = false) => (
    <Button
      key={c}
      icon={icon}
      danger={danger}
      loading={command.pending(c)}
      data-testid={`command-${c}`}
      onClick={() => (danger ? ask(c, t(`cabinets.confirm.${c}`, { name })) : void command.run(c))}
    >
      {t(`cabinets.commands.${c}`)}
    </Button>
  );
  return (
    <Card size="small" title={t('cabinets.controls.title')}>
      <Flex vertical gap={12}>
        <Space wrap>
          <Typography.Text>{t('cabinets.fields.mode')}</Typography.Text>
          <Segmented
            data-testid="cabinet-mode"
            value={mode ?? undefined}
            options={MTC_MODES.map((m) => ({ value: m, label: t(`cabinets.modes.${m}`) }))}
            onChange={(next) => ask('mode', t(`cabinets.confirm.mode_${next}`, { name }), { mode: next })}
          />
        </Space>
        <Space wrap>
          {button('runtime', <ReloadOutlined />)}
          {button('correcttime', <ClockCircleOutlined />)}
          {button('version', <InfoCircleOutlined />)}
          {button('reboot', <SyncOutlined />, true)}
          {button('recovery', <RollbackOutlined />, true)}
        </Space>
        {!CIRCUIT_COMMANDS.includes(command.outcome?.command ?? '') && (
          <CommandOutcome outcome={command.outcome} onClose={command.clear} />
        )}
      </Flex>
    </Card>
  );
}
