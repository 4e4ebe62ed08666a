/** What LazyToastHost and the host it loads (ToastHostLoaded) share: the events raised before the host listens. */

/** Events raised before the host listens, in order; the loaded host replays them. */
export const earlyToastEvents: CustomEvent[] = [];

/** Set by the loaded host once its own listeners are in place. */
export const hostState = { listening: false };
