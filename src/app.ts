import { ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import cookieParser from 'cookie-parser';
import { join } from 'path';
import { AppModule, AppOptions } from './app.module';
import { ErrorFilter } from './common/error.filter';

/**
 * Builds the application with everything global (validation, error filter,
 * cookies, views, OpenAPI at /api/docs), for `main.ts` and the e2e tests alike.
 */
export async function createApp(
  options: AppOptions & { logger?: boolean } = {},
): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(options), {
    logger: options.logger === false ? false : ['log', 'warn', 'error'],
  });
  app.useBodyParser('json', { limit: '2mb' });
  app.use(cookieParser());
  app.useGlobalPipes(
    new ValidationPipe({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      errorHttpStatusCode: 400,
    }),
  );
  app.useGlobalFilters(new ErrorFilter());
  app.setBaseViewsDir(join(__dirname, '..', '..', 'views'));
  app.setViewEngine('hbs');
  app.enableShutdownHooks();
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Arbiter')
      .setDescription('Tournaments, pairings, results, score-sheet verification and standings')
      .setVersion('0.1.0')
      .addBearerAuth()
      .addCookieAuth('arbiter_session')
      .build(),
  );
  SwaggerModule.setup('api/docs', app, document);
  return app;
}
