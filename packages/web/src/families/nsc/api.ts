import type { AnswerOf } from '@sc/contract';
import { NSC_API, NSC_GROUP_API, NSC_MEDIA_API, NSC_TASK_API, nscManifest } from '@sc/contract/families/nsc';
import { clientOf, fillPath } from '../../api/endpoints';
import { familyClient, uploadFile } from '../../components/device';
import type { ActiveStateFilters } from '../kit/family-api';

/** The speakers' device type (telemetry pushes of other families are ignored). */
export const NSC_TYPE = nscManifest.type;

/** Answers of the speaker calls, from the contract's tables. */
export type NscPage = AnswerOf<typeof NSC_API.page>;
export type NscSpeaker = NscPage['list'][number];
export type NscGroup = AnswerOf<typeof NSC_GROUP_API.group>;
export type NscSpeakerOption = AnswerOf<typeof NSC_GROUP_API.groupOptions>[number];
export type NscMedia = AnswerOf<typeof NSC_MEDIA_API.upload>;
export type NscMediaOption = AnswerOf<typeof NSC_MEDIA_API.mediaOptions>[number];
export type NscMediaGroup = AnswerOf<typeof NSC_MEDIA_API.mediaGroup>;

export type NscTask = AnswerOf<typeof NSC_TASK_API.task>;
export type NscWeek = AnswerOf<typeof NSC_TASK_API.taskWeek>;
export type NscConflict = AnswerOf<typeof NSC_TASK_API.taskConflicts>[number];

/** The timed tasks' calls (spec 001 §7 "tasks including start, stop, check"). */
export const nscTaskApi = (projectId: number) => clientOf(NSC_TASK_API, { projectId });

export type NscFilters = ActiveStateFilters;

/** Spec 001 §7 "nsc": the speakers' calls, the groups' and the media's, typed from the contract. */
export const nscApi = (projectId: number) => {
  const groups = clientOf(NSC_GROUP_API, { projectId });
  const media = clientOf(NSC_MEDIA_API, { projectId });
  const bound = { projectId };
  return {
    ...familyClient(NSC_API, NSC_TYPE, projectId),
    /** The bases of the shared resource tables (pages, one, create, update, deletes). */
    groupsBase: fillPath(NSC_GROUP_API.createGroup.path, bound),
    mediaBase: fillPath(NSC_MEDIA_API.deleteMedia.path.replace('/:id', ''), bound),
    mediaGroupsBase: fillPath(NSC_MEDIA_API.createMediaGroup.path, bound),
    groupOptions: groups.groupOptions,
    groups: groups.groups,
    mediaGroups: media.mediaGroups,
    mediaOptions: media.mediaOptions,
    updateMedia: media.updateMedia,
    /** Sends an mp3 with its name and description, reporting the upload's progress. */
    upload: (file: Blob, fields: { name: string; description?: string }, onProgress: (percent: number) => void) =>
      uploadFile<NscMedia>('POST', fillPath(NSC_MEDIA_API.upload.path, bound), file, onProgress, {
        name: fields.name,
        description: fields.description ?? '',
      }),
  };
};

/** A timer broadcast as its calls answer it. */
export type { NscTimer } from '@sc/contract/families/nsc';
