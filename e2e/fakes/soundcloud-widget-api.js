/*
 * A stand-in for https://w.soundcloud.com/player/api.js with the same JavaScript surface
 * (SC.Widget(iframe), SC.Widget.Events, bind/unbind, play/pause/seekTo/setVolume and the
 * callback getters), for tests. The track is read from the iframe's `?url=`; tracks last 30 s unless
 * window.FAKE_MEDIA_SECONDS[url] says otherwise; a url containing "missing" fails with ERROR.
 */
(function () {
  var TICK_MS = 250;
  var Events = {
    READY: "ready",
    PLAY: "play",
    PAUSE: "pause",
    FINISH: "finish",
    PLAY_PROGRESS: "playProgress",
    LOAD_PROGRESS: "loadProgress",
    SEEK: "seek",
    ERROR: "error",
  };

  function Widget(iframeOrId) {
    var iframe = typeof iframeOrId === "string" ? document.getElementById(iframeOrId) : iframeOrId;
    var url = new URL(iframe.getAttribute("src"), document.baseURI).searchParams.get("url") || "";
    var lengths = window.FAKE_MEDIA_SECONDS || {};
    var lengthMs = (typeof lengths[url] === "number" ? lengths[url] : 30) * 1000;
    var handlers = {};
    var position = 0;
    var volume = 100;
    var paused = true;
    var timer = null;

    function emit(name, data) {
      (handlers[name] || []).slice().forEach(function (handler) {
        handler(data);
      });
    }
    function progress() {
      return { relativePosition: position / lengthMs, loadProgress: 1, currentPosition: position };
    }
    function stop() {
      if (timer) clearInterval(timer);
      timer = null;
      paused = true;
    }
    function tick() {
      position = Math.min(lengthMs, position + TICK_MS);
      emit(Events.PLAY_PROGRESS, progress());
      if (position >= lengthMs) {
        stop();
        emit(Events.FINISH, progress());
      }
    }

    var widget = {
      bind: function (name, handler) {
        (handlers[name] = handlers[name] || []).push(handler);
      },
      unbind: function (name) {
        delete handlers[name];
      },
      play: function () {
        if (url.indexOf("missing") !== -1) return emit(Events.ERROR);
        if (!paused) return;
        if (position >= lengthMs) position = 0;
        paused = false;
        timer = setInterval(tick, TICK_MS);
        emit(Events.PLAY, progress());
      },
      pause: function () {
        if (paused) return;
        stop();
        emit(Events.PAUSE, progress());
      },
      toggle: function () {
        if (paused) widget.play();
        else widget.pause();
      },
      seekTo: function (ms) {
        position = Math.max(0, Math.min(lengthMs, ms));
        emit(Events.SEEK, progress());
      },
      setVolume: function (value) {
        volume = Math.max(0, Math.min(100, value));
      },
      getVolume: function (callback) {
        callback(volume);
      },
      getDuration: function (callback) {
        callback(lengthMs);
      },
      getPosition: function (callback) {
        callback(position);
      },
      isPaused: function (callback) {
        callback(paused);
      },
      getCurrentSound: function (callback) {
        callback({ permalink_url: url, duration: lengthMs });
      },
      load: function (next) {
        stop();
        url = next;
        position = 0;
      },
    };
    setTimeout(function () {
      emit(Events.READY);
    }, 0);
    return widget;
  }
  Widget.Events = Events;
  window.SC = { Widget: Widget };
})();
