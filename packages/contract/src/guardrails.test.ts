import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTIONS,
  RETIRED_AUDIT_ACTIONS,
  auditSentence,
  healthQuerySchema,
} from './guardrails.js';

const entry = (action: string, after: unknown, before: unknown = null) => ({
  actor: { username: 'owner' },
  action,
  entity_type: action.split('.')[0]!,
  entity_id: '4f1c2d3e-1111-4a2b-8c3d-0123456789ab',
  entity_label: action.startsWith('user') ? 'buyer42' : '1.2.0',
  before,
  after,
});

describe('auditSentence', () => {
  it('tells each action as a sentence', () => {
    expect(auditSentence(entry('user.status', { status: 'SUSPENDED' }))).toBe(
      'owner suspended buyer42',
    );
    expect(auditSentence(entry('user.status', { status: 'ACTIVE' }))).toBe(
      'owner reactivated buyer42',
    );
    expect(auditSentence(entry('user.role', { role: 'SUPER_ADMIN' }))).toBe(
      'owner made buyer42 super admin',
    );
    expect(
      auditSentence(entry('order.status', { status: 'REFUNDED' }, { status: 'COMPLETED' })),
    ).toBe('owner marked order #456789ab as refunded');
    expect(
      auditSentence(entry('order.status', { status: 'COMPLETED' }, { status: 'COMPLETED' })),
    ).toBe('owner changed the note of order #456789ab');
    expect(auditSentence(entry('download.active', { is_active: false }))).toBe(
      'owner deactivated version 1.2.0',
    );
    expect(auditSentence(entry('release.archive', {}))).toBe('owner archived release 1.2.0');
    expect(auditSentence(entry('release.restore', {}))).toBe(
      'owner restored archived release 1.2.0',
    );
    expect(auditSentence(entry('changelog.archive', {}))).toBe(
      'owner archived release notes 1.2.0',
    );
    expect(auditSentence({ ...entry('job.sweep', null), actor: null, entity_label: null })).toBe(
      'The system did job.sweep on job 456789ab',
    );
  });
});

describe('AUDIT_ACTIONS', () => {
  it('reads every action as its own sentence, the retired ones included', () => {
    expect(AUDIT_ACTIONS).toEqual(expect.arrayContaining([...RETIRED_AUDIT_ACTIONS]));
    for (const action of AUDIT_ACTIONS) {
      expect(auditSentence(entry(action, {}))).not.toMatch(/ did /);
    }
  });
});

describe('healthQuerySchema', () => {
  it('takes an inclusive range in order and refuses one backwards or too long', () => {
    expect(healthQuerySchema.safeParse({ from: '2026-01-01', to: '2026-02-01' }).success).toBe(
      true,
    );
    expect(healthQuerySchema.safeParse({}).success).toBe(true);
    expect(healthQuerySchema.safeParse({ from: '2026-02-01', to: '2026-01-01' }).success).toBe(
      false,
    );
    expect(healthQuerySchema.safeParse({ from: '1990-01-01', to: '2026-01-01' }).success).toBe(
      false,
    );
    expect(healthQuerySchema.safeParse({ from: '2026-13-01' }).success).toBe(false);
  });
});
