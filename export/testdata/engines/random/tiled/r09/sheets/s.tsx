<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.9" tiledversion="1.9.0" name="s" tilewidth="18" tileheight="18" tilecount="2" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <tile id="0" x="4" y="38" width="18" height="18">
  <properties>
   <property name="pivot" value="-220,837"/>
   <property name="turn" type="int" value="270"/>
   <property name="sprite" value="r09/sheets/s/0"/>
  </properties>
  <image source="../../../../art/r09/sheets/s.png"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="pieces" x="0" y="0">
    <polygon points="79,-42 588,398 561,1071 18,1469 -631,1293 -898,675 -582,81"/>
   </object>
   <object id="2" name="pieces" x="0" y="0">
    <polygon points="28,-57 252,698 -514,514"/>
   </object>
   <object id="3" name="circle" x="-969664528.5288674" y="-55868997.60625696" width="1939327150.3163881" height="1939327150.3163881">
    <ellipse/>
   </object>
   <object id="4" name="box" x="0" y="0">
    <polygon points="-728183088.4010159,-185935672.16522756 -728182784.2976844,-185936863.13038495 728181832.9745321,185934076.242242 728181528.8712007,185935267.2073994"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="1" x="41" y="1" width="8" height="8">
  <properties>
   <property name="pivot" value="7.99999998429066,356159071.9054792"/>
   <property name="rotated" type="bool" value="true"/>
   <property name="turn" type="int" value="90"/>
   <property name="sprite" value="r09/sheets/s/4"/>
  </properties>
  <image source="../../../../art/r09/sheets/s.png"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="circle" x="-314.20771112426274" y="192810027.5189826" width="983.356561753749" height="983.356561753749">
    <ellipse/>
   </object>
  </objectgroup>
 </tile>
</tileset>
