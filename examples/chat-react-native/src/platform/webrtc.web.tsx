import type { VideoViewComponent } from "@parley/react-native";
import type { WebRtcImplementation } from "@parley/sdk";
import { useEffect, useRef } from "react";
import { View } from "react-native";

/** None: the SDK takes the browser's own WebRTC when it is given none. */
export const webrtc: WebRtcImplementation | undefined = undefined;

/**
 * A call's video in a `<video>` element, which react-native-web renders inside a view that takes the kit's style.
 * The mirrored view is one's own camera, whose sound must not play back into one's microphone.
 */
export const VideoView: VideoViewComponent = ({ stream, mirror, style }) => {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.srcObject = stream;
  }, [stream]);
  return (
    <View style={style}>
      <video
        ref={ref}
        autoPlay
        playsInline
        muted={mirror === true}
        style={{ width: "100%", height: "100%", objectFit: "cover", transform: mirror ? "scaleX(-1)" : undefined }}
      />
    </View>
  );
};
