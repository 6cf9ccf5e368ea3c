/** The console's realtime channel (WebSocket /api/ws). */
export const realtime = {
  live: '实时',
  connecting: '正在连接实时通道…',
  offline: '实时通道已断开，正在重连',
};
