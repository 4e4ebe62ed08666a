/** The portal's languages for the frontends (issue 26): core's one copy (core/src/domain/locale.ts). */
export * from '@portal/core/domain/locale.ts';
