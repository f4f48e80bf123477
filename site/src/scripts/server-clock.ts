// The round's end comes from the server's clock; the page counts it down on the device's clock.
// A device that is a minute off would otherwise show a minute too much or too little, and stop
// taking words while the server still would (or the other way round).

/**
 * How far the server's clock is ahead of this device's, in ms, from an answer the server stamped
 * with its time: on average the stamp was taken halfway between sending and receiving.
 */
export function clockOffset(serverTime: string, sentAt: number, receivedAt: number): number {
  const stamp = Date.parse(serverTime);
  return Number.isFinite(stamp) ? stamp - (sentAt + receivedAt) / 2 : 0;
}

/** A moment on the server's clock (an ISO date) as the same moment on this device's clock. */
export function onDeviceClock(serverMoment: string, offset: number): number {
  return Date.parse(serverMoment) - offset;
}
