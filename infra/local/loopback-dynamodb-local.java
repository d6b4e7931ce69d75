import com.amazonaws.services.dynamodbv2.local.main.ServerRunner;
import com.amazonaws.services.dynamodbv2.local.server.DynamoDBProxyServer;
import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * DynamoDB Local with the emulator's own command line, listening on 127.0.0.1 only. The jar offers no host
 * option and its Jetty server binds every interface, so the connector's host is set before it starts.
 * Ctrl-C in a terminal signals the whole process group, this emulator too; it ignores that SIGINT, since the
 * runtime stops it itself (SIGTERM) once the requests and queue batches using it have finished.
 */
public class LoopbackDynamoDbLocal {
  public static void main(String[] args) throws Exception {
    Signal.handle(new Signal("INT"), SignalHandler.SIG_IGN);
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    if (proxy == null) return;
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server server = (Server) field.get(proxy);
    Connector[] connectors = server.getConnectors();
    if (connectors.length == 0) throw new IllegalStateException("DynamoDB Local has no connector to bind");
    for (Connector connector : connectors) ((ServerConnector) connector).setHost("127.0.0.1");
    proxy.start();
    proxy.join();
  }
}
