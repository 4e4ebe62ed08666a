export * from './domain/tier.ts';
export * from './domain/practice.ts';
