import { ChildProcess, fork } from 'child_process';
import { join } from 'path';
import { Worker } from 'worker_threads';
import type { DataSource } from 'typeorm';
import type { Moved } from '../database/revision-steps';
import { DomainError } from '../common/errors';
import { lowerProcess } from '../common/background-priority';
import type { JobRefusal } from './refusal';

/** Where a job's process finds the database: the server's own settings, passed on. */
export interface JobDatabase {
  url?: string;
  sqlitePath?: string;
}

/** The database a server's data source uses, for a job's process to open a connection to. */
export function jobDatabase(dataSource: DataSource): JobDatabase {
  const options = dataSource.options as { type: string; url?: string; database?: string };
  return options.type === 'postgres' ? { url: options.url } : { sqlitePath: options.database };
}

/** What a job's process (or its helper thread) says, one message at a time. */
export type JobMessage =
  | { type: 'progress'; phase: string; done: number; total: number }
  | { type: 'write' }
  | { type: 'written'; moved: Moved[] }
  | { type: 'done'; value: unknown }
  | { type: 'refused'; refusal: JobRefusal }
  | { type: 'failed'; message: string; stack?: string };

/**
 * What a job's process is told: its task first (a helper thread has it in its `workerData`),
 * then, for its write, that its turn has come.
 */
export type ParentMessage =
  | {
      type: 'start';
      task: string;
      input: unknown;
      /** The input's byte arrays sent through the process's standard input: which, how long. */
      bytes?: { key: string; length: number }[];
      database?: JobDatabase;
      /** The job's row, ended as done in its write's transaction (a job started by `Jobs`). */
      jobId?: string;
    }
  | { type: 'go' };

export interface JobHooks {
  database?: JobDatabase;
  /**
   * The job whose task this is (`Jobs.start` gives it): its row is ended as done, with the
   * value of the task's write, in the write's own transaction.
   */
  jobId?: string;
  progress?: (phase: string, done: number, total: number) => void;
  /**
   * Runs the job's write in the server's turn: `write` starts it and resolves once it has
   * committed or rolled back, with the divisions it moved.
   */
  writeSlot?: (write: () => Promise<Moved[]>) => Promise<void>;
}

/**
 * The script of a job's process and of its helper threads: compiled beside this file
 * (dist/src/jobs), found from the bundle too.
 */
const SCRIPT = join(__dirname, '..', 'startup', 'job-process.js');

/** The job processes running now, ended with the server ({@link stopJobProcesses}). */
const processes = new Set<ChildProcess>();

/**
 * Ends every job process still running: the server stops. Their jobs fail, nothing of them
 * stored (an unfinished transaction is rolled back). A process whose server died without this
 * (kill -9) ends by itself when its channel to the server closes.
 */
export function stopJobProcesses(): void {
  for (const child of processes) child.kill('SIGKILL');
}

/** The other side of a job's conversation, as {@link converse} drives it. */
interface Peer {
  send(message: ParentMessage): void;
  /** Ends it (the conversation is over, whichever way). */
  stop(): void;
}

/** What the other side's runtime tells: its messages, and its end or failure. */
interface PeerEvents {
  message: (message: JobMessage) => void;
  failed: (error: Error) => void;
}

/**
 * Follows a job's task run by `open`'s peer: its progress, its turn to write, its end. Resolves
 * with the task's value; rejects with its domain error (a refusal) or an Error.
 */
function converse<R>(hooks: JobHooks, open: (events: PeerEvents) => Peer): Promise<R> {
  return new Promise<R>((resolve, reject) => {
    let peer: Peer | null = null;
    let settled = false;
    let written: ((moved: Moved[]) => void) | null = null;
    const finish = (error: Error | null, value?: unknown) => {
      if (settled) return;
      settled = true;
      // A write whose slot is still held is released: the peer is gone, its transaction with it.
      written?.([]);
      peer?.stop();
      if (error) reject(error);
      else resolve(value as R);
    };
    const message = (message: JobMessage) => {
      switch (message.type) {
        case 'progress':
          hooks.progress?.(message.phase, message.done, message.total);
          return;
        case 'write': {
          const go = () =>
            new Promise<Moved[]>((release) => {
              written = release;
              peer?.send({ type: 'go' });
            });
          if (hooks.writeSlot) void hooks.writeSlot(go).catch((e: Error) => finish(e));
          else void go();
          return;
        }
        case 'written': {
          const release = written;
          written = null;
          release?.(message.moved);
          return;
        }
        case 'done':
          return finish(null, message.value);
        case 'refused': {
          const r = message.refusal;
          return finish(new DomainError(r.status, r.code, r.message, r.details));
        }
        case 'failed': {
          const error = new Error(message.message);
          if (message.stack) error.stack = message.stack;
          return finish(error);
        }
      }
    };
    peer = open({ message, failed: (e) => finish(e) });
    if (settled) peer.stop();
  });
}

/**
 * An input's byte arrays (its own properties: a large request body's bytes), apart from the
 * rest of it. They go through the job's standard input as they are: its message would copy them
 * on this thread first (13 MB: a quarter of a second, every other request waiting).
 */
function apart(input: unknown): { rest: unknown; bytes: [string, Uint8Array][] } {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return { rest: input, bytes: [] };
  }
  const rest: Record<string, unknown> = {};
  const bytes: [string, Uint8Array][] = [];
  for (const [key, value] of Object.entries(input)) {
    if (value instanceof Uint8Array) bytes.push([key, value]);
    else rest[key] = value;
  }
  return { rest, bytes };
}

/** The server's own flags for a job's process, less a debugger's (its port is the server's). */
function childFlags(): string[] {
  return process.execArgv.filter((flag) => !/^--(inspect|debug)/.test(flag));
}

/**
 * Runs a task (`src/startup/job-process.ts` lists them) in a process of its own, so that its CPU
 * work and its database writes never hold up the server's requests, and so that all the memory
 * it took goes back to the system when it ends (a thread's stays in the allocator of the
 * process that ran it). Its input and value are copied across (the structured clone of
 * `serialization: 'advanced'`: maps and dates pass), but for the input's byte arrays, which
 * are written to its standard input as they are. Resolves with the task's
 * value; rejects with the task's own domain error (a refusal) or an Error (a process that
 * crashed or was killed: which way it stopped).
 */
export function inJobProcess<R>(task: string, input: unknown, hooks: JobHooks = {}): Promise<R> {
  if (hooks.database?.sqlitePath === ':memory:') {
    // Another process opening ':memory:' would get an empty database of its own.
    return Promise.reject(
      new Error(`job ${task}: a job's process cannot reach an SQLite database in memory`),
    );
  }
  const { rest, bytes } = apart(input);
  return converse<R>(hooks, ({ message, failed }) => {
    const child = fork(SCRIPT, [], {
      serialization: 'advanced',
      execArgv: childFlags(),
      stdio: [bytes.length > 0 ? 'pipe' : 'ignore', 'inherit', 'inherit', 'ipc'],
    });
    processes.add(child);
    // Below the server's threads (src/common/background-priority.ts): the requests win the
    // cores, and a job is allowed to take longer. The child lowers the threads it started
    // before this (job-process.ts); those it starts after are born with this priority.
    if (child.pid !== undefined) lowerProcess(child.pid);
    child.on('message', (m) => message(m as JobMessage));
    child.on('error', failed);
    // After its exit and its channel's close: every message it sent was heard first.
    child.on('close', (code, signal) => {
      processes.delete(child);
      const how = signal ? `signal ${signal}` : `exit code ${code}`;
      failed(new Error(`job ${task}: its process stopped before its end (${how})`));
    });
    const start: ParentMessage = {
      type: 'start',
      task,
      input: rest,
      bytes: bytes.map(([key, b]) => ({ key, length: b.byteLength })),
      database: hooks.database,
      jobId: hooks.jobId,
    };
    child.send(start);
    if (child.stdin) {
      // A process that stopped early stops reading: its end is told by 'close'.
      child.stdin.on('error', () => undefined);
      // Taken out of the list as written: the job's messages are answered by closures that
      // live as long as it does, and would keep 13 MB of a tournament until a full GC.
      for (const [, b] of bytes.splice(0)) child.stdin.write(b);
      child.stdin.end();
    }
    return {
      send: (m) => {
        if (child.connected) child.send(m);
      },
      stop: () => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      },
    };
  });
}

/**
 * Runs a task in a thread of this process (a job's process: a share of its CPU work on
 * another core, the sheets shared out through memory both see). Its memory goes with the
 * job's process.
 */
export function inHelperThread<R>(
  task: string,
  input: unknown,
  progress?: (phase: string, done: number, total: number) => void,
): Promise<R> {
  return converse<R>({ progress }, ({ message, failed }) => {
    const worker = new Worker(SCRIPT, { workerData: { task, input } });
    worker.on('message', message);
    worker.on('error', failed);
    worker.on('exit', (code) =>
      failed(
        new Error(`job ${task}: its helper thread stopped before its end (exit code ${code})`),
      ),
    );
    return {
      send: (m) => worker.postMessage(m),
      stop: () => void worker.terminate(),
    };
  });
}
