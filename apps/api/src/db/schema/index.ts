// The one place drizzle-kit and the database client read the whole schema from.
export * from './access-log.ts';
export * from './account-activity.ts';
export * from './audit.ts';
export * from './campaigns.ts';
export * from './catalog.ts';
export * from './devices.ts';
export * from './mail-outbox.ts';
export * from './organizations.ts';
export * from './profiles.ts';
export * from './quiz-sessions.ts';
export * from './quizzes.ts';
export * from './refresh-tokens.ts';
export * from './row-counts.ts';
export * from './settings.ts';
export * from './stored-files.ts';
export * from './temporary-requests.ts';
export * from './users.ts';
