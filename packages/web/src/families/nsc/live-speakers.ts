import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRealtime } from '../../api/realtime';
import { useResync } from '../../api/realtime-resync';
import { livePagePatch } from '../../components/device';
import { type NscPage, type NscSpeaker, nscApi } from './api';
import { speakerReport } from './speakers-page';

/** The speakers an overview shows at once (the speakers list pages through more). */
const OVERVIEW = { pageSize: 100 } as const;

/**
 * The project's first hundred speakers, their reports and online changes patched live as on the
 * speakers list (the audio entry, the control center's endpoint tab).
 */
export function useLiveSpeakers(projectId: number) {
  const nsc = nscApi(projectId);
  const client = useQueryClient();
  const key = nsc.page.key({ query: OVERVIEW });
  const speakers = useQuery({ queryKey: key, queryFn: () => nsc.page({ query: OVERVIEW }) });
  const resync = useResync();
  useRealtime(
    { projects: [projectId] },
    (push) =>
      client.setQueryData<NscPage>(key, (page) =>
        livePagePatch<NscSpeaker, NscPage>(nsc.type, speakerReport)(page, push),
      ),
    { onLive: resync(key) },
  );
  return speakers;
}
