import fp from 'fastify-plugin';
import { MessagesRepository } from './messages.repository';
import { messagesRoutes } from './messages.routes';
import { MessagesService } from './messages.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Internal messages: `app.messages.send(memberId, kind, params)` from payments and others. */
    messages: MessagesService;
  }
}

export const messagesModule = fp(
  async (app) => {
    const messages = new MessagesService(new MessagesRepository(app.db), app.realtime);
    app.decorate('messages', messages);
    await app.register(messagesRoutes, { messages });
  },
  { name: 'messages', dependencies: ['auth', 'realtime'] },
);
