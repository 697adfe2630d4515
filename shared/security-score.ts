import type { NoteExpiration } from './limits.ts';

/**
 * The one security score (DESIGN §5): the create form's panel and any other screen that rates a
 * note's settings call this, so no two screens can disagree. Seed rule: base 20, +30 with a
 * password, expiry 1h 25 / 1d 20 / 7d 15 / 30d 10, +15 read receipt, −5 with attachments,
 * clamped to 0–100. The seed's scale ends at an hour; the shorter lives added since (issue 33)
 * score as 1h does, so a short life is never rated below it and no level moves.
 */
export interface SecurityFeatures {
  hasPassword: boolean;
  expiration: NoteExpiration;
  hasEmailNotification: boolean;
  hasAttachments: boolean;
}

export type SecurityLevel = 'maximum' | 'secure' | 'protected' | 'basic';
export type RecommendationPriority = 'high' | 'medium' | 'low';
export type RecommendationId = 'addPassword' | 'shorterExpiration' | 'emailNotification';

export interface Recommendation {
  id: RecommendationId;
  priority: RecommendationPriority;
}

export interface SecurityAssessment {
  score: number;
  level: SecurityLevel;
  /** Most important first; empty means "Perfect Security Setup!". */
  recommendations: Recommendation[];
}

export const SECURITY_BASE_SCORE = 20;
export const EXPIRATION_POINTS: Record<NoteExpiration, number> = {
  '5m': 25,
  '15m': 25,
  '1h': 25,
  '1d': 20,
  '7d': 15,
  '30d': 10,
};

export function securityScore(features: SecurityFeatures): number {
  let score = SECURITY_BASE_SCORE + EXPIRATION_POINTS[features.expiration];
  if (features.hasPassword) score += 30;
  if (features.hasEmailNotification) score += 15;
  if (features.hasAttachments) score -= 5;
  return Math.min(100, Math.max(0, score));
}

export function securityLevel(score: number): SecurityLevel {
  if (score >= 75) return 'maximum';
  if (score >= 50) return 'secure';
  if (score >= 25) return 'protected';
  return 'basic';
}

/**
 * `emailAvailable`: a server without mail cannot send read receipts, so recommending them there
 * would only frustrate.
 */
export function securityRecommendations(
  features: SecurityFeatures,
  emailAvailable = true,
): Recommendation[] {
  const recommendations: Recommendation[] = [];
  if (!features.hasPassword) recommendations.push({ id: 'addPassword', priority: 'high' });
  if (features.expiration === '7d' || features.expiration === '30d') {
    recommendations.push({ id: 'shorterExpiration', priority: 'medium' });
  }
  if (features.hasPassword && !features.hasEmailNotification && emailAvailable) {
    recommendations.push({ id: 'emailNotification', priority: 'low' });
  }
  return recommendations;
}

export function assessSecurity(
  features: SecurityFeatures,
  emailAvailable = true,
): SecurityAssessment {
  const score = securityScore(features);
  return {
    score,
    level: securityLevel(score),
    recommendations: securityRecommendations(features, emailAvailable),
  };
}
