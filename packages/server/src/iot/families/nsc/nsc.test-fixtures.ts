import { nscManifest } from '@sc/contract/families/nsc';
import { silentMp3 } from '@sc/contract/families/nsc/media';
import { createIotDevice, createProject } from '../../../test/factories.js';
import type { FamilySuite } from '../kit/test-fixtures.js';
import { nscMedia } from './nsc.tables.js';

/** A speaker of project 1 (or `projectId`), not connected. */
export const speakerIn = (suite: FamilySuite, projectId = 1) =>
  createIotDevice(suite.t.database.db, { type: nscManifest.type, modelNo: 'nscitc', props: {}, projectId });

/** A media file (a real silent mp3 of 5.22 s) of a project, stored as an upload would. */
export const mediaIn = async (suite: FamilySuite, name: string, projectId = 1) =>
  (
    await suite.t.database.db
      .insert(nscMedia)
      .values({
        projectId,
        name,
        fileName: `${name}.mp3`,
        size: 83_400,
        duration: 5.22,
        content: Buffer.from(silentMp3()),
      })
      .returning({ id: nscMedia.id })
  )[0]!.id;

/** Another project with the family, a speaker and a media file of its own. */
export async function otherProject(suite: FamilySuite) {
  const other = await createProject(suite.t.database.db, 1, ['nsc']);
  return { other, speaker: await speakerIn(suite, other.id), media: await mediaIn(suite, 'Theirs', other.id) };
}
