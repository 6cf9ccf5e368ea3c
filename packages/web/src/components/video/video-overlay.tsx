import { Alert, Flex, Spin, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/**
 * An error's words: the server's (already in the caller's language) or the console's own, kept as a
 * function of the language so that a switch of language while it shows says it anew.
 */
export type OverlayText = string | ((t: TFunction) => string);

/** What a player shows over its picture until it plays: loading, why video is unavailable, or an error. */
export type VideoOverlayState =
  | { kind: 'loading' }
  | { kind: 'unavailable'; reason: string }
  | { kind: 'error'; text: OverlayText };

/** The live and replay players' overlay; `testId` prefixes its parts (`<testId>-unavailable`, `-error`). */
export function VideoOverlay({
  state,
  loadingText,
  testId,
}: {
  state: VideoOverlayState;
  loadingText: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Flex align="center" justify="center" style={{ position: 'absolute', inset: 0, padding: 12, textAlign: 'center' }}>
      {state.kind === 'loading' && (
        <Spin description={loadingText}>
          <div style={{ width: 140 }} />
        </Spin>
      )}
      {state.kind === 'unavailable' && (
        <Alert
          type="warning"
          showIcon
          title={t('video.unavailable')}
          description={t(`video.reasons.${state.reason}`)}
          data-testid={`${testId}-unavailable`}
        />
      )}
      {state.kind === 'error' && (
        <Typography.Text style={{ color: '#fff' }} data-testid={`${testId}-error`}>
          {typeof state.text === 'function' ? state.text(t) : state.text}
        </Typography.Text>
      )}
    </Flex>
  );
}
