import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { spawn, type ChildProcess } from "node:child_process";
import { freePort } from "./ports";

/** Debian's nginx; scripts/prepare-test-machine.sh installs it. */
export const NGINX_BINARY = "/usr/sbin/nginx";

export interface TestNginx {
  /** http://127.0.0.1:PORT, the proxy's address. */
  url: string;
  port: number;
  /** nginx's own access log: what the proxy saw. */
  accessLog(): string;
  close(): Promise<void>;
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.destroy();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });
}

/**
 * The proxy configuration docs/deploying.md gives, for one app on `appPort`: websocket upgrades,
 * X-Forwarded-For/-Proto, 100 MB bodies streamed through, long timeouts for uploads and sockets.
 */
export function nginxConfig(dir: string, port: number, appPort: number): string {
  return `
worker_processes 1;
${process.getuid?.() === 0 ? "user root;" : ""}
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 110m;
    location / {
      proxy_pass http://127.0.0.1:${appPort};
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_request_buffering off;
      proxy_read_timeout 3600s;
      proxy_send_timeout 3600s;
    }
  }
}
`;
}

/** Starts nginx in the foreground with a config, pid, logs and temp files of its own in a temp dir (never the system service). */
export async function startNginx(appPort: number): Promise<TestNginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "livequeue-nginx-"));
  const port = await freePort();
  const configFile = path.join(dir, "nginx.conf");
  fs.writeFileSync(configFile, nginxConfig(dir, port, appPort));
  const child: ChildProcess = spawn(NGINX_BINARY, ["-e", path.join(dir, "error.log"), "-p", dir, "-c", configFile, "-g", "daemon off;"], { stdio: "ignore" });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let running = true;
  void exited.then(() => (running = false));
  // nginx gives no sign when it listens but the port itself: ask it until it answers or nginx stops.
  for (let attempt = 0; attempt < 100 && running && !(await answers(port)); attempt += 1) await new Promise((resolve) => setTimeout(resolve, 50));
  if (!running || !(await answers(port))) {
    const log = fs.existsSync(path.join(dir, "error.log")) ? fs.readFileSync(path.join(dir, "error.log"), "utf8") : "";
    child.kill("SIGKILL");
    throw new Error(`nginx did not start on port ${port}:\n${log}`);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    accessLog: () => fs.readFileSync(path.join(dir, "access.log"), "utf8"),
    async close() {
      if (running) {
        child.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
