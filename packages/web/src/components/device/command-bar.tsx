import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, Space, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../api/report';
import { useFeedback } from '../../app/feedback';
import { useLabels } from '../labels';
import type { CommandAnswer } from './answers';

/** A command of a device family: a dangerous one asks first (with `confirm` as the question). */
export interface DeviceCommand {
  key: string;
  label: string;
  icon?: ReactNode;
  dangerous?: boolean;
  /** The question asked before a dangerous command. */
  confirm?: string;
}

/** A command as a family's contract manifest lists it. */
export interface ManifestCommand {
  name: string;
  dangerous?: boolean;
}

/**
 * A family's manifest commands as command-bar buttons, in the family's words (`<ns>.commands.<name>`,
 * with its icon); a dangerous one asks first (`<ns>.confirm.<name>`, with the device's name).
 */
export function useManifestCommands<C extends ManifestCommand>(
  ns: string,
  commands: readonly C[],
  icons: Record<C['name'], ReactNode>,
  deviceName: string,
): DeviceCommand[] {
  const { t } = useTranslation();
  return commands.map((c) => ({
    key: c.name,
    label: t(`${ns}.commands.${c.name}`),
    icon: icons[c.name as C['name']],
    dangerous: Boolean(c.dangerous),
    confirm: c.dangerous ? t(`${ns}.confirm.${c.name}`, { name: deviceName }) : undefined,
  }));
}

type Outcome = { ok: true; command: string; answer: CommandAnswer } | { ok: false; command: string; text: string };

/**
 * The command buttons of a device and the outcome of the last one (duration, attempts, what the device
 * answered, or the server's reason it failed).
 */
export function CommandBar({
  title,
  commands,
  send,
}: {
  title: string;
  commands: DeviceCommand[];
  send: (command: string) => Promise<CommandAnswer>;
}) {
  const { t } = useTranslation();
  const { confirm } = useFeedback();
  const labels = useLabels();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const command = useMutation({
    mutationFn: (c: string) => send(c),
    onMutate: () => setOutcome(null),
    onSuccess: (answer, c) => setOutcome({ ok: true, command: c, answer }),
    onError: (error, c) =>
      setOutcome({
        ok: false,
        command: c,
        text: failureText(error),
      }),
  });
  const label = (key: string) => commands.find((c) => c.key === key)?.label ?? key;
  const run = (c: DeviceCommand) => {
    if (!c.dangerous) return command.mutate(c.key);
    confirm({
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      title: c.label,
      content: c.confirm,
      okButtonProps: { danger: true },
      onOk: () => command.mutate(c.key),
    });
  };
  return (
    <Card title={title} size="small">
      <Flex vertical gap={12}>
        <Space wrap>
          {commands.map((c) => (
            <Button
              key={c.key}
              icon={c.icon}
              danger={c.dangerous}
              type={c.dangerous ? 'default' : 'primary'}
              loading={command.isPending && command.variables === c.key}
              disabled={command.isPending && command.variables !== c.key}
              onClick={() => run(c)}
              data-testid={`command-${c.key}`}
            >
              {c.label}
            </Button>
          ))}
        </Space>
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
                    command: label(outcome.command),
                    ms: outcome.answer.durationMs,
                    count: outcome.answer.attempts,
                  })
                : `${t('gateways.commandFailed', { command: label(outcome.command) })}: ${outcome.text}`
            }
            description={
              outcome.ok && outcome.answer.result !== null && outcome.answer.result !== undefined ? (
                <div data-testid="command-result">
                  <Typography.Text type="secondary">{t('gateways.result')}</Typography.Text>
                  <Descriptions
                    size="small"
                    column={1}
                    items={labels.pairs(outcome.answer.result).map(([label, text], i) => ({
                      key: i,
                      label: label || t('gateways.result'),
                      children: text,
                    }))}
                  />
                </div>
              ) : undefined
            }
          />
        )}
      </Flex>
    </Card>
  );
}
