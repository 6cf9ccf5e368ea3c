import { Alert, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** What a player shows over its picture until it plays: loading, why video is unavailable, or an error. */
export type VideoOverlayState =
  | { kind: 'loading' }
  | { kind: 'unavailable'; reason: string }
  | { kind: 'error'; text: string };

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
          {state.text}
        </Typography.Text>
      )}
    </Flex>
  );
}
