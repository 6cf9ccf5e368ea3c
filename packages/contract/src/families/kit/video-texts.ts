/**
 * Texts of the shared video player (the console's components/video: live and replay alike), in the
 * platform's `video` namespace: loading, live video unavailable and why, a replay's words, the device offline, the
 * editors' restart and stop, and the player errors of spec 000 §8. A family whose screens play video
 * adds them to its own texts (`video: VIDEO_TEXTS.zh_CN`), so they load with the family, not with the
 * login page.
 */
export const VIDEO_TEXTS = {
  zh_CN: {
    loading: '正在加载视频',
    unavailable: '实时视频不可用',
    reasons: {
      noFfmpeg: '服务器上没有 ffmpeg（npm 安装的 ffmpeg 包缺失，PATH 中也没有），无法转发视频流',
      disabled: '服务器已关闭实时视频（FFMPEG_PATH=none）',
    },
    offline: '摄像机离线，无法取流',
    restart: '重新取流',
    stop: '停止取流',
    copy: '原码流转发（H.264）',
    transcode: '转码为 H.264',
    replay: {
      loading: '正在准备回放',
      period: '{from} 至 {to}',
      speed: '{speed} 倍速',
      ended: '回放结束',
    },
    player: {
      network: '网络错误，无法加载视频',
      coding: '视频解码错误',
      notSupported: '浏览器不支持播放该视频',
      missingParam: '缺少播放参数',
      notFound: '未找到视频源',
      ended: '直播已结束',
      source: '视频源错误',
      crossDomain: '跨域错误，无法加载视频',
    },
  },
  en_US: {
    loading: 'Loading the video',
    unavailable: 'Live video is unavailable',
    reasons: {
      noFfmpeg:
        'The server has no ffmpeg (the npm ffmpeg package is missing and none is on the PATH), so it cannot relay video',
      disabled: 'Live video is turned off on the server (FFMPEG_PATH=none)',
    },
    offline: 'The camera is offline: no stream',
    restart: 'Restart stream',
    stop: 'Stop stream',
    copy: 'Relayed as sent (H.264)',
    transcode: 'Encoded to H.264',
    replay: {
      loading: 'Preparing the replay',
      period: '{from} to {to}',
      speed: '{speed}× speed',
      ended: 'Replay finished',
    },
    player: {
      network: 'Network error: the video cannot be loaded',
      coding: 'The video cannot be decoded',
      notSupported: 'This browser cannot play the video',
      missingParam: 'A playing parameter is missing',
      notFound: 'Video source not found',
      ended: 'The live stream has ended',
      source: 'The video source is in error',
      crossDomain: 'Cross-domain error: the video cannot be loaded',
    },
  },
} as const;
