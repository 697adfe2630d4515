import { describe, expect, it } from 'vitest';
import { NOTE_EXPIRATIONS } from './limits.ts';
import {
  assessSecurity,
  securityLevel,
  securityRecommendations,
  securityScore,
} from './security-score.ts';
import type { SecurityFeatures } from './security-score.ts';

const plain: SecurityFeatures = {
  hasPassword: false,
  expiration: '1d',
  hasEmailNotification: false,
  hasAttachments: false,
};

describe('securityScore', () => {
  it('starts at 20 plus the expiry points', () => {
    const scores = NOTE_EXPIRATIONS.map((expiration) => securityScore({ ...plain, expiration }));
    expect(scores).toEqual([45, 45, 45, 40, 35, 30]);
  });

  it('adds 30 for a password, 15 for a read receipt and takes 5 for attachments', () => {
    expect(securityScore({ ...plain, hasPassword: true })).toBe(70);
    expect(securityScore({ ...plain, hasEmailNotification: true })).toBe(55);
    expect(securityScore({ ...plain, hasAttachments: true })).toBe(35);
    expect(
      securityScore({
        hasPassword: true,
        expiration: '1h',
        hasEmailNotification: true,
        hasAttachments: false,
      }),
    ).toBe(90);
  });
});

describe('securityLevel', () => {
  it('has thresholds at 75, 50 and 25', () => {
    expect([100, 75, 74, 50, 49, 25, 24, 0].map(securityLevel)).toEqual([
      'maximum',
      'maximum',
      'secure',
      'secure',
      'protected',
      'protected',
      'basic',
      'basic',
    ]);
  });
});

describe('securityRecommendations', () => {
  it('asks for a password first, then a shorter expiry', () => {
    expect(securityRecommendations({ ...plain, expiration: '30d' })).toEqual([
      { id: 'addPassword', priority: 'high' },
      { id: 'shorterExpiration', priority: 'medium' },
    ]);
    expect(securityRecommendations({ ...plain, expiration: '7d' })).toHaveLength(2);
    expect(securityRecommendations({ ...plain, expiration: '1h' })).toHaveLength(1);
    expect(securityRecommendations({ ...plain, expiration: '5m' })).toHaveLength(1);
  });

  it('suggests a read receipt only with a password and only where mail works', () => {
    const withPassword = { ...plain, hasPassword: true };
    expect(securityRecommendations(withPassword)).toEqual([
      { id: 'emailNotification', priority: 'low' },
    ]);
    expect(securityRecommendations(withPassword, false)).toEqual([]);
  });

  it('has nothing left to recommend for a perfect setup', () => {
    const perfect = {
      ...plain,
      hasPassword: true,
      hasEmailNotification: true,
      expiration: '1h' as const,
    };
    expect(assessSecurity(perfect)).toEqual({ score: 90, level: 'maximum', recommendations: [] });
  });
});
