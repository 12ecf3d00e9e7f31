/**
 * Ordering service process: wiring only. Saved cards, the checkout command and its
 * saga, item and package orders, payment history and customer-order records, and the read
 * models of items, packages, customers and sellers it prices and labels them with; the
 * cancellation saga's refund and the order e-mails.
 */
import '@market/platform/telemetry';
import { Queues, type EmailJob } from '@market/contracts';
import { createQueue, mailOnce, runService, subscriptions } from '@market/platform';
import { cancellationHandlers } from './cancellation/saga';
import { cvcGuard } from './checkout/cvcLimits';
import { startDeadlines } from './checkout/deadline';
import { sellerRemovedHandlers } from './fulfilment/sellerRemoved';
import { customerOrderMailHandlers } from './mail/customerOrderMails';
import { lowStockMailHandlers } from './mail/lowStockMails';
import { newOrderMailHandlers } from './mail/newOrderMails';
import { sellerCancelMailHandlers } from './mail/sellerCancelMails';
import { deadlineQueuePrefix, OrderingConfigSchema } from './config';
import { readModelHandlers } from './events/readModelConsumer';
import { sagaHandlers } from './events/sagaConsumer';
import { orderSearchIndex, ordersProjection } from './events/orderProjection';
import { transactionSearchIndices, transactionsProjection } from './events/transactionProjection';
import { returnSearchIndex, returnsProjection } from './events/returnProjection';
import { cardRoutes } from './http/cards';
import { checkoutRoutes } from './http/checkout';
import { orderRoutes } from './http/orders';
import { orderCsvRoutes } from './http/orderCsv';
import { returnRoutes } from './http/returns';
import { returnMailHandlers } from './returns/mails';
import { returnRefundHandlers } from './returns/refund';
import { returnModel } from './store/returns';
import { cardModel, cardOwnerModel } from './store/cards';
import { checkoutModel } from './store/checkouts';
import { orderBook } from './store/orders';
import { readModels } from './store/readModels';
import { sandboxCaptureModel, sandboxProvider } from './store/sandboxProvider';

void runService({
  configSchema: OrderingConfigSchema,
  dbName: 'ordering',
  async setup({ config, app, db, startRelay, consume, redis, bullRedis, shutdown, logger, kafka }) {
    const cards = cardModel(db);
    const cardOwners = cardOwnerModel(db);
    const checkouts = checkoutModel(db);
    // Every list is a search read model on OpenSearch; the write paths index what they change too.
    const orders = orderSearchIndex({ config, logger, shutdown });
    const { transactions, customerOrders } = transactionSearchIndices({ config, logger, shutdown });
    const search = { orders, transactions, customerOrders, logger };
    const book = orderBook(db, search);
    const rm = readModels(db);
    const captures = sandboxCaptureModel(db);
    // Returns of delivered lines (issue 31 item 3): the aggregate and its list read model.
    const returns = returnModel(db);
    const returnIndex = returnSearchIndex({ config, logger, shutdown });
    await Promise.all(
      [cards, cardOwners, checkouts, captures, returns, ...book.models, ...Object.values(rm)].map((m) =>
        (m as { init(): Promise<unknown> }).init(),
      ),
    );
    const provider = sandboxProvider(captures);

    const nudge = startRelay([checkouts, book.itemOrders, book.packageOrders, returns]);

    // E-mails of new orders to their sellers and of each order status to its customer (16).
    const emailQueue = createQueue<EmailJob>(Queues.email, bullRedis);
    shutdown.add('email queue', () => emailQueue.close());
    const send = mailOnce(emailQueue, db);

    const saga = sagaHandlers(checkouts, book, rm, provider, nudge);
    // Every paid checkout waits a bounded time for its stock decision (checkout/deadline.ts).
    const deadlines = startDeadlines(
      { checkouts, book, provider, nudge },
      { connection: bullRedis, prefix: deadlineQueuePrefix(config), timeoutMs: config.STOCK_DECISION_TIMEOUT_MS, logger },
    );
    shutdown.add('checkout deadlines', () => deadlines.close());
    const readModel = readModelHandlers(rm, cards, cardOwners);
    // A removed seller's unshipped orders are cancelled and refunded (issue 30 item 2).
    const sellerRemoved = sellerRemovedHandlers({ book, rm, nudge });
    const cancellation = cancellationHandlers({ checkouts, book, rm, provider, nudge, send, logger });
    const sellerMails = newOrderMailHandlers(checkouts, rm, send, logger);
    // The seller's low-stock alert (issue 30 item 9).
    const lowStock = lowStockMailHandlers(rm, send, logger);
    // The customer's e-mail of each outcome and status change of an order.
    const customerMails = customerOrderMailHandlers(checkouts, book, rm, send, logger);
    // The seller's e-mail of an order its customer cancelled (issue 31 item 2).
    const sellerCancelMails = sellerCancelMailHandlers(book, rm, send, logger);
    // Returns: the refund saga after the goods are received, and an e-mail at every step (issue 31 item 3).
    const returnDeps = {
      returns,
      book,
      checkouts,
      index: returnIndex,
      provider,
      nudge,
      logger,
      windowDays: config.RETURN_WINDOW_DAYS,
    };
    const returnRefund = returnRefundHandlers(returnDeps);
    const returnMails = returnMailHandlers({ returns, rm, send, logger, adminEmail: config.RETURNS_ADMIN_EMAIL });
    // What ordering consumes; several handlers of one type run in the order listed.
    await consume(
      subscriptions({
        OrderPlaced: [deadlines.handlers],
        StockReserved: [saga],
        StockRejected: [saga],
        StockReleased: [cancellation],
        OrderConfirmed: [sellerMails, customerMails],
        OrderRejected: [customerMails],
        OrderStatusChanged: [customerMails, sellerCancelMails],
        ReturnRequested: [returnMails],
        ReturnApproved: [returnMails],
        ReturnRejected: [returnMails],
        ReturnEscalated: [returnMails],
        ReturnClosed: [returnMails],
        ReturnReceived: [returnRefund, returnMails],
        ReturnRefundDue: [returnMails],
        ReturnRefunded: [returnRefund, returnMails],
        ItemCreated: [readModel],
        ItemUpdated: [readModel],
        ItemDeleted: [readModel],
        ItemLowOnStock: [lowStock],
        PackageCreated: [readModel],
        PackageUpdated: [readModel],
        PackageDeleted: [readModel],
        SellerApproved: [readModel],
        SellerUpdated: [readModel],
        SellerDeleted: [readModel, sellerRemoved],
        SellerSuspended: [readModel],
        SellerReinstated: [readModel],
        CustomerRegistered: [readModel],
        CustomerUpdated: [readModel],
        CustomerDeleted: [readModel],
      }),
    );

    // The read models' projections: payment history and customer-order records from the payment
    // topic, orders from the order topic.
    const started = { config, kafka, logger, shutdown };
    await transactionsProjection.start({
      ...started,
      indices: { transactions, customerOrders },
      sources: { checkouts, customerOrders: book.customerOrders, book },
    });
    await ordersProjection.start({ ...started, indices: { orders }, sources: { book, checkouts } });
    await returnsProjection.start({ ...started, indices: { returns: returnIndex }, sources: { returns } });

    app.use(
      cardRoutes(cards, cardOwners, config.CARD_HASH_SECRET),
      checkoutRoutes({
        checkouts,
        cards,
        rm,
        book,
        provider,
        cardSecret: config.CARD_HASH_SECRET,
        // Wrong CVCs lock a card or the account for a while, with one e-mail (issue 27 item 5).
        cvcGuard: cvcGuard({ redis, emailQueue, customers: rm.customers, logger }),
        demoBackdating: config.DEMO_BACKDATING,
        nudge,
        codLimitRupees: config.COD_LIMIT_RUPEES,
      }),
      orderRoutes(book, rm, nudge, search, checkouts, { returns, windowDays: config.RETURN_WINDOW_DAYS }),
      // Sellers' and admins' orders as CSV (issue 30 item 9).
      orderCsvRoutes(search, rm),
      returnRoutes(returnDeps),
    );
  },
});
