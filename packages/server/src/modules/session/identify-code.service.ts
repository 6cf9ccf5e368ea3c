import { IDENTIFY_CODE } from '@sc/contract';
import svgCaptcha from 'svg-captcha';
import { newToken, safeEqual, sha256 } from '../../platform/tokens.js';
import type { IdentifyCodeRepository } from './identify-code.repository.js';

export type CodeGenerator = () => { text: string; svg: string };

/** Letters and digits that cannot be mistaken for one another. */
const CHARSET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';

export const svgCodeGenerator: CodeGenerator = () => {
  const captcha = svgCaptcha.create({
    size: IDENTIFY_CODE.length,
    charPreset: CHARSET,
    noise: 2,
    color: true,
    background: '#fff7e6',
    width: 150,
    height: 44,
    fontSize: 44,
  });
  return { text: captcha.text, svg: captcha.data };
};

const normalise = (code: string) => sha256(code.trim().toLowerCase());

/** Identity codes of the login page (case-insensitive), one per browser cookie, single use. */
export function createIdentifyCodeService(deps: { repository: IdentifyCodeRepository; generate: CodeGenerator }) {
  return {
    /**
     * A new code under a new id the server chose (never one the browser offers: a chosen id could be
     * shared or fixed); the browser's previous code, if any, is dropped so one browser holds one row.
     */
    async issue(previousId: string | undefined) {
      if (previousId && /^[\w-]{20,64}$/.test(previousId)) await deps.repository.take(previousId);
      const id = newToken(24);
      const { text, svg } = deps.generate();
      await deps.repository.save(id, normalise(text), new Date(Date.now() + IDENTIFY_CODE.ttlSeconds * 1000));
      return { browserId: id, svg };
    },
    /** Consumes the browser's code whatever the outcome, and tells whether `code` matched in time. */
    async check(browserId: string | undefined, code: string): Promise<boolean> {
      if (!browserId) return false;
      const row = await deps.repository.take(browserId);
      return Boolean(row && row.expiresAt.getTime() > Date.now() && safeEqual(row.codeHash, normalise(code)));
    },
  };
}

export type IdentifyCodeService = ReturnType<typeof createIdentifyCodeService>;
