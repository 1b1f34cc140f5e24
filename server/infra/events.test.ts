import { describe, expect, it, vi } from 'vitest';
import { EventBus } from './events.js';

describe('the event bus', () => {
  it('runs the handlers of a type in order, after emit returns', async () => {
    const bus = new EventBus({ error: vi.fn() });
    const seen: string[] = [];
    bus.on('answer.accepted', async (e) => void seen.push(`a:${e.answerId}`));
    bus.on('answer.accepted', (e) => void seen.push(`b:${e.answerId}`));
    bus.on('question.created', () => void seen.push('other'));
    bus.emit({ type: 'answer.accepted', answerId: '1', questionId: '2', answerOwnerId: 3, byUserId: 4 });
    expect(seen).toEqual([]);
    await bus.settle();
    expect(seen).toEqual(['a:1', 'b:1']);
  });

  it('starts the handlers only after the current turn: not among its microtasks, where the response is still being sent', async () => {
    const bus = new EventBus({ error: vi.fn() });
    const seen: string[] = [];
    bus.on('question.created', () => void seen.push('handler'));
    bus.emit({ type: 'question.created', questionId: '1', userId: 2, status: 1 });
    // what the emitting request does next (finish its response) runs in microtasks of this turn
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(seen).toEqual([]);
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(seen).toEqual(['handler']);
  });

  it('runs onEmit handlers inside emit, before it returns; a throwing one is logged and fails nothing else', async () => {
    const logger = { error: vi.fn() };
    const bus = new EventBus(logger);
    const seen: string[] = [];
    bus.onEmit('collection.switched', () => {
      throw new Error('boom');
    });
    bus.onEmit('collection.switched', (e) => void seen.push(`now:${e.questionId}`));
    bus.on('collection.switched', (e) => void seen.push(`later:${e.questionId}`));
    bus.emit({ type: 'collection.switched', questionId: 'q', userId: 1, bookmarked: true });
    expect(seen).toEqual(['now:q']);
    expect(logger.error).toHaveBeenCalledOnce();
    await bus.settle();
    expect(seen).toEqual(['now:q', 'later:q']);
  });

  it('logs a failing handler and still runs the next', async () => {
    const logger = { error: vi.fn() };
    const bus = new EventBus(logger);
    const after = vi.fn();
    bus.on('rank.changed', () => {
      throw new Error('boom');
    });
    bus.on('rank.changed', after);
    bus.emit({ type: 'rank.changed', userId: 1, delta: 10, reason: 'answer.voted_up', objectId: 'x' });
    await bus.settle();
    expect(logger.error).toHaveBeenCalledOnce();
    expect(after).toHaveBeenCalledOnce();
  });

  it('settles events emitted by handlers too', async () => {
    const bus = new EventBus({ error: vi.fn() });
    const done = vi.fn();
    bus.on('answer.accepted', (e) =>
      bus.emit({ type: 'rank.changed', userId: e.answerOwnerId, delta: 15, reason: 'answer.accepted', objectId: e.answerId }),
    );
    bus.on('rank.changed', async () => {
      await new Promise((r) => setTimeout(r, 5));
      done();
    });
    bus.emit({ type: 'answer.accepted', answerId: '1', questionId: '2', answerOwnerId: 3, byUserId: 4 });
    await bus.settle();
    expect(done).toHaveBeenCalledOnce();
  });
});
