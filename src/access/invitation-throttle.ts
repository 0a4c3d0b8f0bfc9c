import { TooManyRequests } from '../common/errors';
import type { EntryClient } from '../entries/entry-throttle';
import { countKey, CountRule, ThrottleCounters } from '../throttle/throttle-counters';

/** How many answers to invitations a client sends in a window. */
export interface InvitationThrottleSettings {
  /** Answers one client (a browser, by its cookie) sends in a window. */
  clientAnswers: number;
  /** Answers the clients without a cookie of one address send together in a window. */
  hallAnswers: number;
  windowMs: number;
}

export const DEFAULT_INVITATION_THROTTLE: InvitationThrottleSettings = {
  clientAnswers: 20,
  hallAnswers: 200,
  windowMs: 3600 * 1000,
};

/**
 * Answers to invitations (the form that sets or gives a password), counted per client as
 * entries are: by the browser's own cookie, never by the address its hall shares; only clients
 * that refuse the cookie share their address's count. A wrong password of an account that exists
 * is counted by the sign-in throttle too.
 */
export class InvitationThrottle {
  constructor(
    private readonly counters: ThrottleCounters,
    private readonly settings: InvitationThrottleSettings = DEFAULT_INVITATION_THROTTLE,
  ) {}

  private rule(allowance: number): CountRule {
    const w = this.settings.windowMs;
    return { kind: 'window', allowance, firstWaitMs: w, maxWaitMs: w, forgetMs: w };
  }

  /** Counts one answer sent by `client`; throws 429 INVITATIONS_THROTTLED when its count is spent. */
  async count(client: EntryClient): Promise<void> {
    const counts = [
      {
        key: countKey('invitation-client', client.key),
        rule: this.rule(this.settings.clientAnswers),
      },
      ...(client.hall !== null
        ? [
            {
              key: countKey('invitation-hall', client.hall),
              rule: this.rule(this.settings.hallAnswers),
            },
          ]
        : []),
    ];
    for (const c of counts) {
      if ((await this.counters.fail(c, false)) === null) {
        const waitMs = await this.counters.waitMs([c.key]);
        throw new TooManyRequests(
          'INVITATIONS_THROTTLED',
          'too many answers to invitations from this client; wait before sending another',
          Math.max(1, Math.ceil(waitMs / 1000)),
        );
      }
    }
  }
}
