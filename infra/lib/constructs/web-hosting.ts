import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Aws, CfnCondition, CfnParameter, Duration, Fn, RemovalPolicy, type SecretValue, Stack } from 'aws-cdk-lib';
import type { IApi } from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3assets from 'aws-cdk-lib/aws-s3-assets';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { acknowledge, managedPolicyFinding, wildcardResourceFinding } from '../nag.ts';
import { ORIGIN_HEADER, VIEWER_ADDRESS_HEADER } from '@switchboard/functions/platform/http/client-address';
import { contentSecurityPolicy, inlineScriptHashes } from '../web-security.ts';

export interface WebHostingProps {
  httpApi: IApi;
  webSocketApi: IApi;
  /** folder of the Vite build, which must exist; false leaves the bucket as it is (stacks synthesised in tests) */
  webDistPath: string | false;
  /** sent to the HTTP API in the origin header: requests without it did not come through CloudFront */
  originSecret: SecretValue;
}

/**
 * SPA routing without distribution-wide custom error responses: those would also turn the API's own
 * 403/404 answers into index.html. Paths without a file extension are client routes.
 */
const SPA_REWRITE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri.lastIndexOf('.') <= uri.lastIndexOf('/')) request.uri = '/index.html';
  return request;
}`;

/** Sets the viewer-address header of API requests from the address CloudFront saw (client-address.ts). */
const VIEWER_ADDRESS = `function handler(event) {
  var request = event.request;
  request.headers['${VIEWER_ADDRESS_HEADER}'] = { value: event.viewer.ip };
  return request;
}`;

/** Files of the web build that are not published (glob patterns matched at any depth). */
export const WEB_BUILD_EXCLUDE = ['*.map'];

/** Web bucket, media bucket, access-log bucket and the CloudFront distribution that fronts web, API and WebSocket. */
export class WebHosting extends Construct {
  readonly distribution: cloudfront.Distribution;
  readonly appHeaders: cloudfront.ResponseHeadersPolicy;
  readonly widgetHeaders: cloudfront.ResponseHeadersPolicy;
  readonly webBucket: s3.Bucket;
  readonly mediaBucket: s3.Bucket;
  readonly logBucket: s3.Bucket;
  readonly deployment?: s3deploy.BucketDeployment;

  constructor(scope: Construct, id: string, props: WebHostingProps) {
    super(scope, id);
    const stack = Stack.of(this);
    if (props.webDistPath !== false && !existsSync(join(props.webDistPath, 'index.html'))) {
      // a deploy without the app would publish an empty site: refuse, and say how to build it
      throw new Error(
        `The web app is not built (no ${join(props.webDistPath, 'index.html')}): run \`npm run build -w web\`, or deploy with \`npm run deploy\`, which builds it first.`,
      );
    }

    const privateBucket = {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
    };

    this.logBucket = new s3.Bucket(this, 'LogBucket', {
      ...privateBucket,
      // CloudFront standard logs are delivered with ACLs
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(this.logBucket, 'This is the access-log bucket; logging it into itself would loop.', 'AwsSolutions-S1');

    this.webBucket = new s3.Bucket(this, 'WebBucket', {
      ...privateBucket,
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: 's3/web/',
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const spaRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      code: cloudfront.FunctionCode.fromInline(SPA_REWRITE),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: 'Serves index.html for client-side routes of the web app',
    });

    const apiOrigin = (api: IApi, customHeaders?: Record<string, string>) =>
      new origins.HttpOrigin(`${api.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`, {
        protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
        ...(customHeaders ? { customHeaders } : {}),
      });
    // the viewer's address for the API (API Gateway sees the edge's), over whatever header the client sent
    const viewerAddress = new cloudfront.Function(this, 'ViewerAddress', {
      code: cloudfront.FunctionCode.fromInline(VIEWER_ADDRESS),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: 'Passes the viewer address to the API',
    });
    // dynamic: nothing cached; everything but Host reaches API Gateway (it routes on its own host name)
    const passThrough = {
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
    };

    // the same headers the local gateway sends (infra/lib/web-security.ts): the widget alone may be framed
    const scriptHashes =
      props.webDistPath === false ? [] : inlineScriptHashes(readFileSync(join(props.webDistPath, 'index.html'), 'utf8'));
    // media are read and uploaded through presigned URLs on the media bucket's own S3 host
    const mediaOrigins = [`https://*.s3.${stack.region}.${stack.urlSuffix}`];
    const headersPolicy = (name: string, widget: boolean) =>
      new cloudfront.ResponseHeadersPolicy(this, name, {
        comment: widget ? 'Switchboard chat widget: may be framed by any site' : 'Switchboard web app: never framed',
        securityHeadersBehavior: {
          contentSecurityPolicy: {
            contentSecurityPolicy: contentSecurityPolicy({ widget, scriptHashes, mediaOrigins }),
            override: true,
          },
          contentTypeOptions: { override: true },
          referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
          strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, override: true },
          ...(widget ? {} : { frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true } }),
        },
      });
    this.appHeaders = headersPolicy('AppHeaders', false);
    this.widgetHeaders = headersPolicy('WidgetHeaders', true);
    const webOrigin = origins.S3BucketOrigin.withOriginAccessControl(this.webBucket);

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Switchboard web, /api and /ws',
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      defaultBehavior: {
        origin: webOrigin,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: this.appHeaders,
        functionAssociations: [{ function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        // the embeddable chat: the same app files, with headers that let customers' sites frame it
        '/widget/*': {
          origin: webOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: this.widgetHeaders,
          functionAssociations: [{ function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
        },
        '/api/*': {
          ...passThrough,
          origin: apiOrigin(props.httpApi, { [ORIGIN_HEADER]: props.originSecret.unsafeUnwrap() }),
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          functionAssociations: [{ function: viewerAddress, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
        },
        // the stage is named `ws`, so the viewer path is already the stage path (see realtime-api.ts); $connect
        // refuses what comes without the origin secret, as the HTTP API does
        '/ws': {
          ...passThrough,
          origin: apiOrigin(props.webSocketApi, { [ORIGIN_HEADER]: props.originSecret.unsafeUnwrap() }),
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
        },
      },
      enableLogging: true,
      logBucket: this.logBucket,
      logFilePrefix: 'cloudfront/',
    });

    this.mediaBucket = new s3.Bucket(this, 'MediaBucket', {
      ...privateBucket,
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: 's3/media/',
      // the browser uploads straight to S3 with presigned PUT URLs, from the app's own origin only
      cors: [
        {
          allowedOrigins: [`https://${this.distribution.distributionDomainName}`],
          allowedMethods: [s3.HttpMethods.PUT, s3.HttpMethods.GET, s3.HttpMethods.HEAD],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });

    acknowledge(
      this.distribution,
      'No custom domain yet, so the default *.cloudfront.net certificate (fixed TLSv1 policy) is used; add a domain, an ACM certificate and minimumProtocolVersion TLSv1.2_2021 together.',
      'AwsSolutions-CFR4',
    );
    acknowledge(
      this.distribution,
      'Tenants and their customers are in many countries: no geographic restriction.',
      'AwsSolutions-CFR1',
    );
    // the web ACL lives in us-east-1 (EdgeWafStack); its ARN comes in as a parameter, attached when given
    const webAclArn = new CfnParameter(stack, 'WebAclArn', {
      type: 'String',
      default: '',
      description: 'ARN of the CloudFront web ACL of the SwitchboardEdge stack (us-east-1); empty for none',
    });
    const hasWebAcl = new CfnCondition(this, 'HasWebAcl', {
      expression: Fn.conditionNot(Fn.conditionEquals(webAclArn.valueAsString, '')),
    });
    (this.distribution.node.defaultChild as cloudfront.CfnDistribution).addPropertyOverride(
      'DistributionConfig.WebACLId',
      Fn.conditionIf(hasWebAcl.logicalId, webAclArn.valueAsString, Aws.NO_VALUE),
    );
    acknowledge(
      this.distribution,
      'The web ACL is a us-east-1 resource (the SwitchboardEdge stack, rate rules on sign-in and the web chat API) attached through the WebAclArn parameter, whose value cdk-nag cannot see.',
      'AwsSolutions-CFR2',
    );

    if (props.webDistPath !== false) {
      // the asset made explicit (as Source.asset does inside) so its bucket can be named below. The build's source
      // maps stay behind: they would publish the app's original source; pruning deletes any an older deploy left
      const build = new s3assets.Asset(this, 'WebBuild', { path: props.webDistPath, exclude: WEB_BUILD_EXCLUDE });
      this.deployment = new s3deploy.BucketDeployment(this, 'DeployWeb', {
        sources: [s3deploy.Source.bucket(build.bucket, build.s3ObjectKey)],
        destinationBucket: this.webBucket,
        distribution: this.distribution,
        distributionPaths: ['/*'],
        memoryLimit: 512,
      });
      // its handler is a CDK-managed singleton Lambda at stack level, outside this construct
      const reason =
        'CDK-managed BucketDeployment handler: basic execution role, read of the CDK asset bucket, write of the web bucket, CloudFront invalidation (no resource-level permission) and its runtime; all chosen by CDK.';
      for (const handler of stack.node.children.filter((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'))) {
        acknowledge(
          handler,
          reason,
          managedPolicyFinding(
            this,
            iam.ManagedPolicy.fromAwsManagedPolicyName('service-role/AWSLambdaBasicExecutionRole').managedPolicyArn,
          ),
          ...['s3:GetBucket*', 's3:GetObject*', 's3:List*', 's3:Abort*', 's3:DeleteObject*'].map(
            (a) => `AwsSolutions-IAM5[Action::${a}]`,
          ),
          'AwsSolutions-IAM5[Resource::*]',
          wildcardResourceFinding(this, build.bucket.arnForObjects('*')),
          wildcardResourceFinding(this, this.webBucket.arnForObjects('*')),
          'AwsSolutions-L1',
        );
      }
    }
  }
}
