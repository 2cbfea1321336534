// A spinning cube rendered with OpenGL ES into a GLLayer, beside ordinary layers: the app renders
// each frame in its own EGL context from a display link and presents it; the daemon composites the
// frames like any layer's contents (here with rounded corners, a border, a shadow and a tilt).
import CGLES3
import ExampleSupport
import Glibc
import Lamina
import LaminaGL

/// The cube's GL state: one program, one vertex array of 36 coloured vertices.
@MainActor
final class CubeRenderer {
    private var program: GLuint = 0
    private var vertexArray: GLuint = 0
    private var angleLocation: GLint = 0
    private var aspectLocation: GLint = 0

    init() {
        let vertexSource = """
            #version 300 es
            layout(location = 0) in vec3 position;
            layout(location = 1) in vec3 color;
            uniform float angle;
            uniform float aspect;
            out vec3 vColor;
            void main() {
                // Turned about the vertical axis, then tipped towards the viewer to show the top.
                float c = cos(angle), s = sin(angle), c2 = cos(0.55), s2 = sin(0.55);
                vec3 p = vec3(c * position.x + s * position.z, position.y, -s * position.x + c * position.z);
                p = vec3(p.x, c2 * p.y - s2 * p.z, s2 * p.y + c2 * p.z);
                p.z -= 3.2;
                // A perspective with a 60-degree vertical field of view, near 1 and far 10.
                float f = 1.0 / tan(radians(30.0));
                gl_Position = vec4(p.x * f / aspect, p.y * f, -11.0 / 9.0 * p.z - 20.0 / 9.0, -p.z);
                vColor = color;
            }
            """
        let fragmentSource = """
            #version 300 es
            precision mediump float;
            in vec3 vColor;
            out vec4 fragColor;
            void main() { fragColor = vec4(vColor, 1.0); }
            """
        program = glCreateProgram()
        for (type, source) in [(GL_VERTEX_SHADER, vertexSource), (GL_FRAGMENT_SHADER, fragmentSource)] {
            let shader = glCreateShader(GLenum(type))
            source.withCString { text in
                var pointer: UnsafePointer<GLchar>? = text
                glShaderSource(shader, 1, &pointer, nil)
            }
            glCompileShader(shader)
            var ok: GLint = 0
            glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &ok)
            if ok == 0 {
                var log = [GLchar](repeating: 0, count: 1024)
                var length: GLsizei = 0
                glGetShaderInfoLog(shader, 1024, &length, &log)
                say("shader: \(String(decoding: log.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self))")
                exit(1)
            }
            glAttachShader(program, shader)
        }
        glLinkProgram(program)
        angleLocation = glGetUniformLocation(program, "angle")
        aspectLocation = glGetUniformLocation(program, "aspect")

        // Six faces, two triangles each, one colour per face.
        let corners: [(Float, Float, Float)] = [(-1, -1, -1), (1, -1, -1), (1, 1, -1), (-1, 1, -1), (-1, -1, 1), (1, -1, 1), (1, 1, 1), (-1, 1, 1)]
        let faces: [([Int], (Float, Float, Float))] = [
            ([4, 5, 6, 7], (0.95, 0.35, 0.30)), ([1, 0, 3, 2], (0.30, 0.70, 0.95)), ([0, 4, 7, 3], (0.40, 0.85, 0.45)),
            ([5, 1, 2, 6], (0.98, 0.80, 0.30)), ([7, 6, 2, 3], (0.75, 0.45, 0.95)), ([0, 1, 5, 4], (0.95, 0.95, 0.95)),
        ]
        var data: [Float] = []
        for (quad, color) in faces {
            for i in [0, 1, 2, 0, 2, 3] {
                let p = corners[quad[i]]
                data += [p.0 * 0.8, p.1 * 0.8, p.2 * 0.8, color.0, color.1, color.2]
            }
        }
        glGenVertexArrays(1, &vertexArray)
        glBindVertexArray(vertexArray)
        var buffer: GLuint = 0
        glGenBuffers(1, &buffer)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        data.withUnsafeBytes { glBufferData(GLenum(GL_ARRAY_BUFFER), $0.count, $0.baseAddress, GLenum(GL_STATIC_DRAW)) }
        glVertexAttribPointer(0, 3, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 24, nil)
        glVertexAttribPointer(1, 3, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 24, UnsafeRawPointer(bitPattern: 12))
        glEnableVertexAttribArray(0)
        glEnableVertexAttribArray(1)
    }

    /// Draws the cube turned by `angle` into `drawable`.
    func draw(into drawable: GLDrawable, angle: Double) {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), drawable.framebuffer)
        glViewport(0, 0, GLsizei(drawable.width), GLsizei(drawable.height))
        glClearColor(0.08, 0.09, 0.14, 1)
        glClearDepthf(1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT))
        glEnable(GLenum(GL_DEPTH_TEST))
        glUseProgram(program)
        glUniform1f(angleLocation, Float(angle))
        glUniform1f(aspectLocation, Float(drawable.width) / Float(drawable.height))
        glBindVertexArray(vertexArray)
        glDrawArrays(GLenum(GL_TRIANGLES), 0, 36)
    }
}

@MainActor
func main() async {
    let options = ExampleOptions(defaultSeconds: 4)
    let connection = options.connect(name: "spinning-gl")
    let output = connection.welcome.outputs.first
    let (width, height) = (output?.width ?? 400, output?.height ?? 200)
    let context: GLContext
    do { context = try GLContext() } catch {
        say("spinning-gl: \(error)")
        exit(1)
    }
    say("rendering with \(context.renderer)")

    let background = GradientLayer()
    background.frame = Rect(x: 0, y: 0, width: width, height: height)
    background.colors = [Color(red: 0.93, green: 0.94, blue: 0.97), Color(red: 0.75, green: 0.80, blue: 0.90)]
    connection.addLayer(background)

    let side = min(width * 0.45, height * 0.8)
    let cube = GLLayer(name: "cube")
    cube.frame = Rect(x: width * 0.07, y: (height - side) / 2, width: side, height: side)
    cube.contentsScale = output?.scale ?? 1
    cube.wantsDepthBuffer = true
    cube.isOpaque = true
    cube.cornerRadius = side * 0.08
    cube.masksToBounds = true
    cube.borderWidth = 2
    cube.borderColor = Color(red: 1, green: 1, blue: 1, alpha: 0.8)
    background.addSublayer(cube)
    // The shadow belongs to a plain layer under the GL layer: a layer that clips draws no shadow.
    let shadow = Layer()
    shadow.frame = cube.frame
    shadow.cornerRadius = cube.cornerRadius
    shadow.backgroundColor = Color(red: 0, green: 0, blue: 0)
    shadow.shadowOpacity = 0.45
    shadow.shadowRadius = 10
    shadow.shadowOffset = Size(width: 0, height: 6)
    background.insertSublayer(shadow, below: cube)
    for layer in [shadow, cube] { layer.transform = Transform3D(rotationAngle: -0.06, x: 0, y: 0, z: 1) }

    let title = TextLayer()
    title.frame = Rect(x: width * 0.56, y: height * 0.30, width: width * 0.42, height: height * 0.4)
    title.string = "OpenGL ES in a GLLayer,\ncomposited like any layer"
    title.fontSize = max(9, height * 0.055)
    title.isWrapped = true
    title.foregroundColor = Color(red: 0.15, green: 0.17, blue: 0.25)
    title.contentsScale = output?.scale ?? 1
    background.addSublayer(title)

    let renderer = CubeRenderer()  // made in the context, current since it was made
    context.releaseCurrent()
    let start = currentMediaTime()
    let link = DisplayLink { link in
        do {
            // The main actor's callbacks may come on other threads than the one that made the context.
            try context.withCurrent { () throws(GLLayerError) in
                guard let drawable = try cube.nextDrawable() else { return }
                renderer.draw(into: drawable, angle: (link.targetTimestamp - start) * 1.6)
                try drawable.present()
            }
        } catch {
            say("spinning-gl: \(error)")
            exit(1)
        }
    }
    link.add(to: connection)
    await options.run()
    link.invalidate()
    say("presented \(cube.statistics.frames) frames, the last in \(Int((cube.statistics.lastPresentSeconds * 1e6).rounded())) µs")
    options.finish(connection)
    withExtendedLifetime(context) {}
}

await main()
