import { ModulesContainer, NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import {
  ApiBearerAuth,
  ApiExtension,
  ApiResponse,
  DocumentBuilder,
  SwaggerModule,
} from '@nestjs/swagger';
import { ConfigService } from '@nestjs/config';
import cookieParser from 'cookie-parser';
import hbs from 'hbs';
import { AppModule, AppOptions } from './app.module';
import { whoSent } from './auth/auth.guard';
import { TournamentAccess } from './auth/tournament-access';
import { AuthService } from './auth/auth.service';
import { PUBLIC_KEY, ROLES_KEY } from './auth/roles.decorator';
import { plainRequest } from './common/api/plain-request';
import { visitorReadGate } from './common/read-gate';
import { API_VALIDATION, ApiValidationPipe } from './common/api/validation';
import { answerCompression, configureHttp } from './common/http-headers';
import { eventsTimeZone, trustedProxies } from './config';
import { TIME_ZONE_SETTING } from './i18n/time';
import { bodyReader } from './common/body/body-reader';
import { dropSlowClients, slowClientSettings } from './common/slow-clients';
import { routeChecks } from './auth/route-roles';
import type { RouteRole } from './common/roles';
import { SiteErrorFilter } from './web/site-error.filter';
import { ErrorView } from './common/api/docs';
import { configureViews, findViewsDir } from './render/views';
import { Revisions } from './tournaments/revisions';
import { keptPagesFirst } from './standings-api/kept-pages';
import { StandingsService } from './standings-api/standings.service';
import type { IncomingMessage, ServerResponse } from 'http';
import { ResultsService } from './results/results.service';
import { HealthController } from './health.controller';
import { hallWritesFirst, resultWritesFirst, type EarlyAnswer } from './results/writes-first';
import { compileViews } from './startup/compile-views';

/**
 * Builds the application with everything global (validation, error filter,
 * cookies, views, OpenAPI at /api/docs), for `main.ts` and the e2e tests alike.
 * Nest's own body parsers are off: `bodyReader` reads each route's body within
 * that route's limits (`src/common/body`), keeping a JSON body's bytes in
 * `req.rawBody` (score sheets are stored exactly as sent).
 */
export async function createApp(
  options: AppOptions & { logger?: boolean } = {},
): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(options), {
    logger: options.logger === false ? false : ['log', 'warn', 'error'],
    bodyParser: false,
  });
  answerKeptPagesFirst(app);
  configureHttp(app, trustedProxies(app.get(ConfigService).get<string>('TRUST_PROXY')) ?? 0);
  dropSlowClients(app.getHttpServer(), slowClientSettings(app.get(ConfigService)));
  app.set(TIME_ZONE_SETTING, eventsTimeZone(app.get(ConfigService).get<string>('TIME_ZONE')));
  app.use(cookieParser());
  app.use(plainRequest());
  app.use(visitorReadGate());
  const auth = app.get(AuthService);
  const access = app.get(TournamentAccess);
  app.use(
    bodyReader(
      async (req, check) => {
        const { user, bearer } = await whoSent(auth, req);
        await access.authorise(req, user, bearer, check);
      },
      routeChecks(app.get(ModulesContainer)),
    ),
  );
  app.use(resultWritesFirst(auth, access, app.get(ResultsService)));
  app.useGlobalPipes(new ApiValidationPipe(API_VALIDATION));
  app.useGlobalFilters(new SiteErrorFilter());
  const viewsDir = findViewsDir();
  app.setBaseViewsDir(viewsDir);
  // Given, not left for Express to require by name: the instance configured here, bundled.
  app.engine('hbs', hbs.__express.bind(hbs));
  app.setViewEngine('hbs');
  configureViews(hbs.handlebars, viewsDir);
  // Compiled templates are kept (Express's cache; hbs reads it) unless developing them; kept,
  // they are all compiled now, before the first request.
  const keepViews = process.env.NODE_ENV !== 'development';
  app.set('view cache', keepViews);
  if (keepViews) {
    await compileViews(app.getHttpAdapter().getInstance(), hbs.handlebars, viewsDir);
  }
  app.enableShutdownHooks();
  // The OpenAPI document is made when first asked for: it is a tenth of start-up, and read rarely.
  SwaggerModule.setup('api/docs', app, () => {
    documentAccess(app);
    return SwaggerModule.createDocument(
      app,
      new DocumentBuilder()
        .setTitle('Arbiter')
        .setDescription(
          'Tournaments, pairings, results, score-sheet verification and standings. ' +
            'Reads are public; each write route says who may call it in `x-roles` ' +
            '(an organiser may do whatever a judge may). A route whose path names a tournament ' +
            '(or a division, game, player, entry or submission of one) needs that role in that ' +
            "tournament: `organiser` its owner's or a co-director's, `judge` any role there; the " +
            'site administrator acts in every tournament. Errors have a stable `code`.',
        )
        .setVersion('0.1.0')
        .addBearerAuth()
        .addCookieAuth('arbiter_session')
        .build(),
    );
  });
  return app;
}

/**
 * Visitors' requests for kept pages are answered from the cache before Express routes them,
 * when that gives exactly what routing would (src/standings-api/kept-pages.ts), and so are a hall's
 * typed results and score sheets sent with a bearer token (src/results/writes-first.ts), and a
 * monitor's asks of /api/health (`HealthController.answerFirst`); every other request goes to
 * Express as before.
 */
function answerKeptPagesFirst(app: NestExpressApplication): void {
  const server = app.getHttpServer();
  const routed = server.listeners('request') as ((
    req: IncomingMessage,
    res: ServerResponse,
  ) => void)[];
  if (routed.length !== 1) return;
  const kept = keptPagesFirst(app.get(Revisions), app.get(StandingsService));
  const express = app.getHttpAdapter().getInstance() as { get(setting: string): unknown };
  const writes = hallWritesFirst(
    app.get(AuthService),
    app.get(TournamentAccess),
    app.get(ResultsService),
    {
      // The compression package reads only what node:http has (the request's method and headers).
      compress: answerCompression() as unknown as EarlyAnswer['compress'],
      etag: express.get('etag fn') as EarlyAnswer['etag'],
    },
  );
  const health = app
    .get(HealthController)
    .answerFirst(express.get('etag fn') as (body: string) => string);
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (health(req, res, () => routed[0](req, res))) return;
    if (kept(req, res)) return;
    if (!writes(req, res, () => routed[0](req, res))) routed[0](req, res);
  });
}

/**
 * Writes who may call each route into the OpenAPI document, from the very
 * metadata the AuthGuard reads (`@Roles`, `@Public`): `x-roles` and the bearer
 * scheme on guarded routes, `x-public` on open writes, and their 401/403
 * answers. The document therefore cannot disagree with the guard.
 */
const documented = new WeakSet<object>();

function documentAccess(app: NestExpressApplication): void {
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => unknown) | null;
      if (!controller?.prototype) continue;
      const proto = controller.prototype as Record<string, unknown>;
      for (const key of Object.getOwnPropertyNames(proto)) {
        const descriptor = Object.getOwnPropertyDescriptor(proto, key);
        if (key === 'constructor' || typeof descriptor?.value !== 'function') continue;
        const handler = descriptor.value as object;
        if (documented.has(handler)) continue;
        documented.add(handler);
        if (!Reflect.hasMetadata('path', handler)) continue;
        const roles =
          (Reflect.getMetadata(ROLES_KEY, handler) as RouteRole[] | undefined) ??
          (Reflect.getMetadata(ROLES_KEY, controller) as RouteRole[] | undefined);
        const open =
          Reflect.getMetadata(PUBLIC_KEY, handler) === true ||
          Reflect.getMetadata(PUBLIC_KEY, controller) === true;
        if (open) {
          ApiExtension('x-public', true)(proto, key, descriptor);
          continue;
        }
        if (!roles) continue;
        const who = roles.includes('administrator')
          ? ['administrator']
          : roles.includes('organiser')
            ? ['organiser']
            : ['organiser', ...roles];
        ApiExtension('x-roles', who)(proto, key, descriptor);
        ApiBearerAuth()(proto, key, descriptor);
        ApiResponse({ status: 401, description: 'not signed in', type: ErrorView })(
          proto,
          key,
          descriptor,
        );
        ApiResponse({
          status: 403,
          description: `signed in, but not as ${who.join(' or ')}`,
          type: ErrorView,
        })(proto, key, descriptor);
      }
    }
  }
}
