import { Global, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Transactions } from '../database/transactions';
import { DeviceCookies } from './device-cookies';
import { ThrottleCounters } from './throttle-counters';

/** The throttles' counts in the database and the device cookies, for sign-in and the tables. */
@Global()
@Module({
  providers: [
    {
      provide: ThrottleCounters,
      inject: [DataSource, Transactions],
      useFactory: (dataSource: DataSource, transactions: Transactions) =>
        new ThrottleCounters(dataSource, transactions),
    },
    DeviceCookies,
  ],
  exports: [ThrottleCounters, DeviceCookies],
})
export class ThrottleModule {}
