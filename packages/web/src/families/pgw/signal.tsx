import { SIGNAL_LEVELS, signalLevel } from '@sc/contract/families/pgw';
import { Space, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import './texts';

const COLORS = { lost: '#cf1322', weak: '#d46b08', fair: '#d4b106', good: '#389e0d', excellent: '#237804' } as const;

/** A lamp's carrier signal as bars (0-4) and a word; the percentage in the tooltip. */
export function SignalQuality({ signal }: { signal: number | null | undefined }) {
  const { t } = useTranslation();
  const level = signalLevel(signal);
  if (level === null) return <Typography.Text type="secondary">{t('pgw.signal.unknown')}</Typography.Text>;
  const bars = SIGNAL_LEVELS.indexOf(level);
  const word = t(`pgw.signal.${level}`);
  return (
    <Tooltip title={`${word} · ${signal} %`}>
      <Space size={6} data-testid="signal" data-level={level} aria-label={word}>
        <span style={{ display: 'inline-flex', alignItems: 'flex-end', gap: 2, height: 14 }} aria-hidden>
          {[1, 2, 3, 4].map((n) => (
            <span
              key={n}
              style={{
                width: 4,
                height: 3 + n * 3,
                borderRadius: 1,
                background: n <= bars ? COLORS[level] : '#d9d9d9',
              }}
            />
          ))}
        </span>
        <span style={{ color: COLORS[level], whiteSpace: 'nowrap' }}>{word}</span>
      </Space>
    </Tooltip>
  );
}
