/*
 * A stand-in for https://www.youtube.com/iframe_api with the same JavaScript surface (YT.Player, its
 * events and methods, YT.PlayerState), for tests: the host's player runs its real code against it.
 * Videos last 30 s unless window.FAKE_MEDIA_SECONDS[videoId] says otherwise; a video id starting
 * with "noembed" fails with error 150 (the owner forbids embedding), as YouTube reports it.
 */
(function () {
  var TICK_MS = 250;
  var PlayerState = { UNSTARTED: -1, ENDED: 0, PLAYING: 1, PAUSED: 2, BUFFERING: 3, CUED: 5 };

  function lengthOf(id) {
    var lengths = window.FAKE_MEDIA_SECONDS || {};
    return typeof lengths[id] === "number" ? lengths[id] : 30;
  }

  function Player(elementOrId, options) {
    var self = this;
    var target = typeof elementOrId === "string" ? document.getElementById(elementOrId) : elementOrId;
    var frame = document.createElement("div");
    frame.setAttribute("data-fake-player", "youtube");
    frame.style.cssText = "width:100%;height:100%;background:#111;color:#eee;display:flex;align-items:center;justify-content:center;font:14px sans-serif";
    target.replaceWith(frame);
    var events = options.events || {};
    var state = PlayerState.UNSTARTED;
    var videoId = options.videoId;
    var time = 0;
    var volume = 100;
    var timer = null;
    var failed = false;

    function emit(name, data) {
      if (typeof events[name] === "function") events[name]({ target: self, data: data });
    }
    function setState(next) {
      state = next;
      frame.textContent =
        "YouTube " +
        videoId +
        " · " +
        Object.keys(PlayerState).find(function (k) {
          return PlayerState[k] === next;
        });
      emit("onStateChange", next);
    }
    function stopTimer() {
      if (timer) clearInterval(timer);
      timer = null;
    }
    function tick() {
      time = Math.min(lengthOf(videoId), time + TICK_MS / 1000);
      if (time >= lengthOf(videoId)) {
        stopTimer();
        setState(PlayerState.ENDED);
      }
    }
    function start() {
      if (failed) return;
      if (/^noembed/.test(videoId)) {
        failed = true;
        return emit("onError", 150);
      }
      if (state === PlayerState.PLAYING) return;
      if (time >= lengthOf(videoId)) time = 0;
      setState(PlayerState.BUFFERING);
      setState(PlayerState.PLAYING);
      timer = setInterval(tick, TICK_MS);
    }

    this.playVideo = function () {
      start();
    };
    this.pauseVideo = function () {
      if (state !== PlayerState.PLAYING) return;
      stopTimer();
      setState(PlayerState.PAUSED);
    };
    this.stopVideo = function () {
      stopTimer();
      time = 0;
      setState(PlayerState.UNSTARTED);
    };
    this.loadVideoById = function (id, startSeconds) {
      stopTimer();
      videoId = id;
      failed = false;
      time = startSeconds || 0;
      start();
    };
    this.cueVideoById = function (id) {
      stopTimer();
      videoId = id;
      failed = false;
      time = 0;
      setState(PlayerState.CUED);
    };
    this.seekTo = function (seconds) {
      time = Math.max(0, Math.min(lengthOf(videoId), seconds));
    };
    this.setVolume = function (value) {
      volume = Math.max(0, Math.min(100, value));
    };
    this.getVolume = function () {
      return volume;
    };
    this.mute = function () {};
    this.unMute = function () {};
    this.getDuration = function () {
      return state === PlayerState.UNSTARTED && time === 0 ? 0 : lengthOf(videoId);
    };
    this.getCurrentTime = function () {
      return time;
    };
    this.getPlayerState = function () {
      return state;
    };
    this.getIframe = function () {
      return frame;
    };
    this.destroy = function () {
      stopTimer();
      frame.remove();
    };

    setTimeout(function () {
      frame.textContent = "YouTube " + videoId;
      emit("onReady");
      if (options.playerVars && options.playerVars.autoplay === 1) start();
    }, 0);
  }

  window.YT = { Player: Player, PlayerState: PlayerState, loaded: 1 };
  setTimeout(function () {
    if (typeof window.onYouTubeIframeAPIReady === "function") window.onYouTubeIframeAPIReady();
  }, 0);
})();
