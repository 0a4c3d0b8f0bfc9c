import type { Request, Response } from 'express';
import { clientAddress } from '../auth/auth.service';
import {
  cookieOf,
  DeviceCookies,
  deviceCookieOptions,
  TABLE_CLIENT_COOKIE,
} from '../throttle/device-cookies';
import { codeTag, TableClient } from './code-throttle';

/**
 * The client typing a table code (API and pages alike). A phone without a valid cookie is
 * given one now, and is counted this once by its address and browser (the `User-Agent`):
 * finer than the hall's shared address. Its cookie takes the tag of the code it opens.
 */
export function tableClientOf(devices: DeviceCookies, req: Request, res: Response): TableClient {
  const address = clientAddress(req);
  const held = devices.tableClient(cookieOf(req, TABLE_CLIENT_COOKIE));
  const nonce = held?.nonce ?? null;
  let cookieNonce = nonce;
  if (held === null) {
    const fresh = devices.tableCookie(null, '');
    cookieNonce = fresh.split('.')[0];
    res.cookie(TABLE_CLIENT_COOKIE, fresh, deviceCookieOptions(req));
  }
  const browser = String(req.headers['user-agent'] ?? '').slice(0, 300);
  return {
    key: nonce !== null ? `cookie ${nonce}` : `address ${address} browser ${browser}`,
    address,
    openedTag: held?.tag ? held.tag : null,
    opened(code: string) {
      const tag = codeTag(code);
      if (held?.tag === tag || res.headersSent) return;
      res.cookie(
        TABLE_CLIENT_COOKIE,
        devices.tableCookie(cookieNonce, tag),
        deviceCookieOptions(req),
      );
    },
  };
}
