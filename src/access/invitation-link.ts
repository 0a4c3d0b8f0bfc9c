import type { Request } from 'express';
import { urls } from '../web/urls';

/** The invitation page of a token. */
export const invitationPath = urls.invitation;

/** The invitation's link as the sender's browser reached this server. */
export function invitationLink(req: Request, token: string): string {
  return `${req.protocol}://${req.get('host') ?? 'localhost'}${invitationPath(token)}`;
}
