import { LIVE_VIDEO_API } from '@sc/contract/families/kit';
import { clientOf } from '../../api/endpoints';
import { LivePlayer, type LiveShown } from './live-player';

/** The kit's live-video calls of a project: any family's screen plays a streaming device by its id. */
const liveVideoApi = (projectId: number) => clientOf(LIVE_VIDEO_API, { projectId });

/**
 * A camera's live video on a screen of another family (the emergency call seat shows its post's linked
 * camera): the kit's `LIVE_VIDEO_API` asks the server's stream gateway for it (the camera's own stream,
 * checked as the camera's own call: in the caller's project) and the shared player plays it, saying in
 * words what is wrong (offline, unavailable and why, the player errors).
 */
export function CameraLive({
  projectId,
  deviceId,
  height = 260,
  onState,
}: {
  projectId: number;
  deviceId: number;
  height?: number | string;
  onState?: (shown: LiveShown['kind']) => void;
}) {
  return <LivePlayer calls={liveVideoApi} projectId={projectId} id={deviceId} height={height} onState={onState} />;
}
