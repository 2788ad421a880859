import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishedQuizFixture, type QuizFixture, walkEvents } from './quiz-sessions-fixture.ts';
import { createTestApp, type TestContext } from './test-app.ts';

let ctx: TestContext;
let fixture: QuizFixture;

beforeAll(async () => {
  ctx = await createTestApp({ QUIZ_EVENTS_PER_MINUTE: '2' });
  fixture = await publishedQuizFixture(ctx);
});
afterAll(() => ctx.close());

async function player() {
  const account = await ctx.createAccount({ profile: 'USER' });
  return (await ctx.signIn(account.email, account.password)).token;
}

const post = (token: string, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/app/quiz-sessions/events',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

describe('POST /api/app/quiz-sessions/events limits', () => {
  it('counts batches per account: the third in a minute is refused (429), another account goes on', async () => {
    const [first, second] = [await player(), await player()];
    const batch = () => ({
      sessionId: randomUUID(),
      quizId: fixture.quizId,
      version: fixture.version,
      events: walkEvents(fixture, [fixture.a.a12]),
    });
    expect((await post(first, batch())).statusCode).toBe(200);
    expect((await post(first, batch())).statusCode).toBe(200);
    const refused = await post(first, batch());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('TOO_MANY_REQUESTS');
    expect((await post(second, batch())).statusCode).toBe(200);
  });

  it('refuses a body over 48 KB (413) before reading events', async () => {
    const token = await player();
    const padding = ' '.repeat(49 * 1024);
    const body = `{"sessionId":"${randomUUID()}","quizId":${fixture.quizId},"version":1,"events":[]${padding}}`;
    const response = await post(token, body);
    expect(response.statusCode).toBe(413);
  });
});
