import { LogController, type FastifyReply, type FastifyRequest } from "fastify";

/**
 * One line per request, written when it is answered (method, path, status, time), as an access log
 * does. At info only the writes: reads, thousands a second from a crowd's position and overview
 * refreshes, are logged at debug. A server error on any request is logged by the error handler.
 */
export class RequestLog extends LogController {
  constructor(private readonly logReads: boolean) {
    super();
  }

  override isLogDisabled(request: FastifyRequest): boolean {
    return !this.logReads && (request.method === "GET" || request.method === "HEAD");
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, "request errored");
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, "request completed");
  }
}
