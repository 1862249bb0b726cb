/*
 * A stand-in for https://open.spotify.com/embed/iframe-api/v1 with the same JavaScript surface
 * (window.onSpotifyIframeApiReady(IFrameAPI), IFrameAPI.createController, the controller's methods,
 * its "ready" and "playback_update" events with {isPaused, isBuffering, duration, position} in ms),
 * for tests. Every track plays the 30-second preview a listener who is not signed in hears.
 */
(function () {
  var TICK_MS = 250;
  var PREVIEW_MS = 30000;

  function createController(element, options, callback) {
    var frame = document.createElement("div");
    frame.setAttribute("data-fake-player", "spotify");
    frame.textContent = "Spotify " + options.uri;
    element.replaceWith(frame);
    var listeners = {};
    var position = 0;
    var paused = true;
    var timer = null;

    function emit(name, data) {
      (listeners[name] || []).slice().forEach(function (listener) {
        listener({ data: data });
      });
    }
    function update() {
      emit("playback_update", { isPaused: paused, isBuffering: false, duration: PREVIEW_MS, position: position });
    }
    function stop() {
      if (timer) clearInterval(timer);
      timer = null;
      paused = true;
    }
    function tick() {
      position = Math.min(PREVIEW_MS, position + TICK_MS);
      if (position >= PREVIEW_MS) stop();
      update();
    }
    var controller = {
      addListener: function (name, listener) {
        (listeners[name] = listeners[name] || []).push(listener);
      },
      removeListener: function (name) {
        delete listeners[name];
      },
      loadUri: function (uri) {
        stop();
        options.uri = uri;
        position = 0;
        frame.textContent = "Spotify " + uri;
      },
      play: function () {
        if (position >= PREVIEW_MS) position = 0;
        controller.resume();
      },
      resume: function () {
        if (!paused) return;
        paused = false;
        timer = setInterval(tick, TICK_MS);
        update();
      },
      pause: function () {
        if (paused) return;
        stop();
        update();
      },
      togglePlay: function () {
        if (paused) controller.resume();
        else controller.pause();
      },
      seek: function (seconds) {
        position = Math.max(0, Math.min(PREVIEW_MS, seconds * 1000));
        update();
      },
      destroy: function () {
        stop();
        frame.remove();
      },
    };
    callback(controller);
    setTimeout(function () {
      emit("ready", {});
    }, 0);
  }

  setTimeout(function () {
    if (typeof window.onSpotifyIframeApiReady === "function") window.onSpotifyIframeApiReady({ createController: createController });
  }, 0);
})();
